import autocannon from 'autocannon';
import { newUserDetails, signUp } from '#test/users.ts';
import { listenInProcess } from './in-process-app.ts';
import { type BenchSection, formatMs } from './section.ts';

const DURATION_SECONDS = 10;
const LOGIN_CONNECTIONS = 20;
const user = newUserDetails();

const healthProbe = (url: string) =>
  autocannon({ url: `${url}/healthz`, connections: 1, duration: DURATION_SECONDS });

const section: BenchSection = {
  name: 'Accounts',
  run: async () => {
    const { url, close } = await listenInProcess('auth');
    try {
      await signUp(url, user);

      const healthAlone = await healthProbe(url);
      const [logins, healthDuringLogins] = await Promise.all([
        autocannon({
          url: `${url}/api/login/`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
          connections: LOGIN_CONNECTIONS,
          duration: DURATION_SECONDS,
        }),
        healthProbe(url),
      ]);
      const failed = logins.non2xx + logins.errors + logins.timeouts;
      // autocannon stops at its deadline with logins still queued for a hash; let them finish before closing.
      await new Promise((resolve) => setTimeout(resolve, logins.latency.max + 1000));

      return [
        {
          metric: `POST /api/login/ throughput (${LOGIN_CONNECTIONS} connections)`,
          value: `${logins.requests.average.toFixed(1)} req/s`,
        },
        { metric: 'POST /api/login/ p50', value: formatMs(logins.latency.p50) },
        { metric: 'POST /api/login/ p99', value: formatMs(logins.latency.p99) },
        { metric: 'logins that failed', value: String(failed), goal: '0' },
        { metric: 'GET /healthz p99 alone', value: formatMs(healthAlone.latency.p99) },
        {
          metric: 'GET /healthz p99 while logins run',
          value: formatMs(healthDuringLogins.latency.p99),
          goal: '≤ 100 ms',
        },
      ];
    } finally {
      await close();
    }
  },
};

export default section;
