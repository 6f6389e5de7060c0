import { parseArgs } from 'node:util';
import { emailField } from '#contract/common.ts';
import { openDatabase } from '#server/db/client.ts';
import { setRoleByEmail } from '#server/identity/users.ts';
import { prepareProcess } from '#server/start.ts';

/**
 * `npm run admin:create -- --email someone@example.com` makes an existing account an admin;
 * `--revoke` makes it an ordinary account again. There is no default admin and no default password:
 * the person registers like anyone else, and an operator with access to the server promotes them.
 */
const usage = 'Usage: npm run admin:create -- --email someone@example.com [--revoke]';

const { values } = parseArgs({
  options: { email: { type: 'string' }, revoke: { type: 'boolean', default: false } },
  strict: true,
});
const email = emailField.safeParse(values.email ?? '');
if (!email.success) {
  console.error(`${email.error.issues[0]?.message ?? 'Invalid email'}\n${usage}`);
  process.exit(2);
}

const { config, unlock } = prepareProcess();
const database = await openDatabase(
  config.database.kind === 'pglite' ? { kind: 'pglite', dir: config.database.dir } : config.database,
);
try {
  await database.migrate();
  const role = values.revoke ? 'user' : 'admin';
  const user = await setRoleByEmail(database.db, email.data, role);
  if (!user) {
    console.error(`No account uses ${email.data}. Register it at /LoginSignup first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.info(
      role === 'admin'
        ? `${user.email} (${user.username}) is now an admin. They sign in as usual and open /admin.`
        : `${user.email} (${user.username}) is no longer an admin.`,
    );
  }
} finally {
  await database.close();
  unlock();
}
