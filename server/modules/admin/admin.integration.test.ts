import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBlogPost, BlogPost } from '#contract/blog.ts';
import { setRoleByEmail } from '#server/identity/users.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { signUp } from '#test/users.ts';

describe(`admin console API on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let adminToken: string;
  let adminEmail: string;
  let userToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const admin = await signUp(testApp);
    await setRoleByEmail(testApp.deps.db, admin.email, 'admin');
    adminToken = admin.access;
    adminEmail = admin.email;
    userToken = (await signUp(testApp)).access;
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = adminToken) =>
    testApp.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  const newPost = { title: 'Walking home slowly', body: 'First paragraph.\n\nSecond one.', author: 'Rosa' };

  it('answers 401 to nobody and 403 to an ordinary user on every admin route', async () => {
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/api/admin/me/'],
      ['GET', '/api/admin/posts/'],
      ['POST', '/api/admin/posts/', newPost],
      ['GET', '/api/admin/posts/00000000-0000-4000-8000-000000000000/'],
      ['PUT', '/api/admin/posts/00000000-0000-4000-8000-000000000000/', newPost],
      ['POST', '/api/admin/posts/00000000-0000-4000-8000-000000000000/publish/'],
      ['POST', '/api/admin/posts/00000000-0000-4000-8000-000000000000/unpublish/'],
      ['GET', '/api/admin/subscribers/'],
      ['GET', '/api/admin/subscribers/export.csv'],
      ['GET', '/api/admin/messages/'],
      ['POST', '/api/admin/messages/00000000-0000-4000-8000-000000000000/handled/', { handled: true }],
      ['GET', '/api/admin/requests/'],
      ['POST', '/api/admin/requests/00000000-0000-4000-8000-000000000000/handled/', { handled: true }],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await testApp.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      const ordinary = await call(method, url, payload, userToken);
      expect(ordinary.statusCode, `${method} ${url} as a user`).toBe(403);
      expect(ordinary.json().error).toBe('You do not have permission to do that.');
    }
    const posts = await call('GET', '/api/admin/posts/', undefined, 'not-a-token');
    expect(posts.statusCode).toBe(401);
  });

  it('checks the role in the database on every call, so a revoked admin is refused at once', async () => {
    expect((await call('GET', '/api/admin/me/')).json().email).toBe(adminEmail);
    await setRoleByEmail(testApp.deps.db, adminEmail, 'user');
    expect((await call('GET', '/api/admin/me/')).statusCode).toBe(403);
    await setRoleByEmail(testApp.deps.db, adminEmail, 'admin');
    expect((await call('GET', '/api/admin/me/')).statusCode).toBe(200);
  });

  it('writes a draft, edits it, publishes it to the blog and the feed, and takes it back', async () => {
    const created = await call('POST', '/api/admin/posts/', {
      ...newPost,
      title: '<img src=x onerror=alert(1)> Home again',
    });
    expect(created.statusCode).toBe(201);
    const draft = created.json() as AdminBlogPost;
    expect(draft).toMatchObject({
      status: 'draft',
      published_at: null,
      title: '<img src=x onerror=alert(1)> Home again',
    });
    expect(draft.slug).toBe('img-src-x-onerror-alert-1-home-again');
    expect((await call('GET', '/api/admin/posts/')).json().map((post: AdminBlogPost) => post.id)).toContain(
      draft.id,
    );
    expect((await testApp.app.inject({ method: 'GET', url: `/api/posts/${draft.id}/` })).statusCode).toBe(
      404,
    );

    const edited = await call('PUT', `/api/admin/posts/${draft.id}/`, {
      title: 'Home again',
      body: 'The kettle, the garden.\n\nThe same street, new eyes.',
      teaser: 'What changes when nothing changes.',
      author: 'Rosa M.',
    });
    expect(edited.json()).toMatchObject({ title: 'Home again', author: 'Rosa M.', slug: draft.slug });

    const published = await call('POST', `/api/admin/posts/${draft.id}/publish/`);
    expect(published.json().status).toBe('published');
    const publicPost = (
      await testApp.app.inject({ method: 'GET', url: `/api/posts/${draft.slug}/` })
    ).json() as BlogPost;
    expect(publicPost).toMatchObject({ title: 'Home again', teaser: 'What changes when nothing changes.' });
    const rss = await testApp.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(rss.body).toContain('<title>Home again</title>');

    const unpublished = await call('POST', `/api/admin/posts/${draft.id}/unpublish/`);
    expect(unpublished.json()).toMatchObject({ status: 'draft', published_at: null });
    expect((await testApp.app.inject({ method: 'GET', url: `/api/posts/${draft.id}/` })).statusCode).toBe(
      404,
    );
  });

  it('refuses empty, oversized and unknown fields with a 4xx naming the field', async () => {
    const empty = await call('POST', '/api/admin/posts/', { ...newPost, title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'Title is required', field: 'title' });
    const huge = await call('POST', '/api/admin/posts/', { ...newPost, teaser: 't'.repeat(301) });
    expect(huge.json()).toMatchObject({ error: 'Teaser must be at most 300 characters', field: 'teaser' });
    const longAuthor = await call('POST', '/api/admin/posts/', { ...newPost, author: 'a'.repeat(101) });
    expect(longAuthor.json().field).toBe('author');
    const missing = await call('PUT', '/api/admin/posts/00000000-0000-4000-8000-000000000000/', newPost);
    expect(missing.statusCode).toBe(404);
    const notUuid = await call('POST', '/api/admin/posts/not-a-post/publish/');
    expect(notUuid.statusCode).toBe(404);
    const handled = await call('POST', '/api/admin/messages/00000000-0000-4000-8000-000000000000/handled/', {
      handled: 'yes',
    });
    expect(handled.statusCode).toBe(400);
    expect(handled.json().field).toBe('handled');
  });

  const multipart = (field: string, filename: string, contentType: string, bytes: Buffer) => {
    const boundary = `----pilgrim${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
    return {
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${adminToken}`,
      },
    };
  };

  it('stores a cover checked by its content, served as WebP, and refuses a disguised file', async () => {
    const post = (await call('POST', '/api/admin/posts/', newPost)).json() as AdminBlogPost;
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#6a9e76' } })
      .png()
      .toBuffer();
    const upload = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/posts/${post.id}/cover/`,
      ...multipart('cover', 'camino.png', 'image/png', png),
    });
    expect(upload.statusCode).toBe(200);
    const image = (upload.json() as AdminBlogPost).image!;
    expect(image).toMatch(/^\/blog\/covers\/[0-9a-f-]+-[0-9a-f]{8}\.webp$/);
    const served = await testApp.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const disguised = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/posts/${post.id}/cover/`,
      ...multipart('cover', 'photo.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error).toBe('The cover must be a JPEG, PNG, WebP, GIF or AVIF image.');
    const wrongField = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/posts/${post.id}/cover/`,
      ...multipart('avatar', 'camino.png', 'image/png', png),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().field).toBe('cover');
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/blog/covers/..%2Fsecret.key' })).statusCode,
    ).toBe(404);
  });

  it('lists subscribers and exports them as CSV', async () => {
    await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: '-cmd@example.com', optIn: true },
    });
    const list = await call('GET', '/api/admin/subscribers/');
    expect(list.json()).toEqual([
      expect.objectContaining({ email: '-cmd@example.com', status: 'pending', confirmed_at: null }),
    ]);
    const csv = await call('GET', '/api/admin/subscribers/export.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="subscribers.csv"');
    const [header, row] = csv.body.split('\r\n');
    expect(header).toBe('email,status,subscribed_at,confirmed_at,unsubscribed_at');
    expect(row).toMatch(/^'-cmd@example\.com,pending,\d{4}-\d\d-\d\dT[^,]+,,$/);
  });

  it('shows contact and inquiry messages as text and flips their handled flag', async () => {
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: { name: '<b>Lu</b>', email: 'lu@example.com', message: '<script>alert(1)</script> Hello' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const inbox = (await call('GET', '/api/admin/messages/?kind=contact')).json() as {
      id: string;
      name: string;
      message: string;
      handled: boolean;
    }[];
    const message = inbox.find((item) => item.name === '<b>Lu</b>')!;
    expect(message).toMatchObject({ message: '<script>alert(1)</script> Hello', handled: false });
    const flipped = await call('POST', `/api/admin/messages/${message.id}/handled/`, { handled: true });
    expect(flipped.json().handled).toBe(true);
    expect((await call('GET', '/api/admin/messages/?kind=inquiry')).json()).toEqual([]);
    expect((await call('GET', '/api/admin/messages/?kind=spam')).statusCode).toBe(400);
  });

  it('lists join and volunteer requests and flips their handled flag', async () => {
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/join/',
      payload: { name: 'Iker', email: 'iker@example.com', audience: 'pilgrim', message: 'Count me in' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const [request] = (await call('GET', '/api/admin/requests/?kind=join')).json() as {
      id: string;
      name: string;
    }[];
    expect(request!.name).toBe('Iker');
    const flipped = await call('POST', `/api/admin/requests/${request!.id}/handled/`, { handled: true });
    expect(flipped.json()).toMatchObject({ handled: true, kind: 'join' });
    expect((await call('GET', '/api/admin/requests/?kind=volunteer')).json()).toEqual([]);
  });
  it('sums up the survey for the charts and exports every answer as CSV', async () => {
    const answers = [
      {
        overallExperience: 5,
        websiteDesign: 4,
        easeOfUse: 3,
        usedVela: 'yes',
        velaHelpfulness: 4,
        velaResponseQuality: 2,
        usedSoulStory: 'no',
        pilgrimageStage: 'completed',
        ageRange: '35-44',
        whatWorkedWell: '=SUM(A1), "quoted"',
      },
      {
        overallExperience: 3,
        websiteDesign: 2,
        easeOfUse: 5,
        usedVela: 'no',
        usedSoulStory: 'yes',
        soulStoryEase: 5,
        notificationTimeliness: 4,
        pilgrimageStage: 'completed',
      },
    ];
    for (const payload of answers) {
      const sent = await testApp.app.inject({ method: 'POST', url: '/api/survey/submit/', payload });
      expect(sent.statusCode).toBe(201);
    }
    const summary = (await call('GET', '/api/admin/survey/')).json();
    expect(summary.responses).toBe(2);
    expect(
      summary.ratings.find((rating: { key: string }) => rating.key === 'overallExperience'),
    ).toMatchObject({
      average: 4,
      answers: 2,
    });
    expect(summary.yes_no.find((entry: { key: string }) => entry.key === 'usedVela')).toMatchObject({
      yes: 1,
      no: 1,
    });
    expect(summary.stages.find((stage: { value: string }) => stage.value === 'completed').count).toBe(2);

    const csv = await call('GET', '/api/admin/survey/export.csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="survey-responses.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'submitted_at,overallExperience,websiteDesign,easeOfUse,usedVela,velaHelpfulness,velaResponseQuality,usedSoulStory,soulStoryEase,notificationTimeliness,whatWorkedWell,whatCouldBeImproved,additionalComments,pilgrimageStage,ageRange',
    );
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`,5,4,3,yes,4,2,no,,,"'=SUM(A1), ""quoted""",,,completed,35-44`);
  });

  it('shows donations and orders read-only', async () => {
    const donations = await call('GET', '/api/admin/donations/');
    expect(donations.statusCode).toBe(200);
    expect(donations.json()).toEqual([]);
    const orders = await call('GET', '/api/admin/orders/');
    expect(orders.statusCode).toBe(200);
    expect(orders.json()).toEqual([]);
    expect((await call('POST', '/api/admin/orders/', {})).statusCode).toBe(404);
  });
  it('sends a letter to confirmed subscribers only, each with its own unsubscribe link and headers', async () => {
    const confirmedSubscriber = async (email: string) => {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe/',
        payload: { email, optIn: true },
      });
      const mail = (await testApp.outbox()).filter((message) => message.to === email).at(-1)!;
      const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      await testApp.app.inject({ method: 'POST', url: '/api/newsletter/confirm/', payload: { token } });
    };
    await confirmedSubscriber('first.reader@example.com');
    await confirmedSubscriber('second.reader@example.com');
    await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe/',
      payload: { email: 'undecided@example.com', optIn: true },
    });

    const empty = await call('POST', '/api/admin/newsletter/letters/', { subject: ' ', text: 'Hello' });
    expect(empty.json()).toMatchObject({ error: 'Subject is required', field: 'subject' });
    const queued = await call('POST', '/api/admin/newsletter/letters/', {
      subject: 'Autumn letter',
      text: 'The leaves are turning on the Camino.',
    });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({ recipients: 2 });

    const letters = async () => (await testApp.outbox()).filter((mail) => mail.subject === 'Autumn letter');
    await expect.poll(async () => (await letters()).length, { timeout: 20_000 }).toBe(2);
    const sent = await letters();
    expect(sent.map((mail) => mail.to).sort()).toEqual([
      'first.reader@example.com',
      'second.reader@example.com',
    ]);
    for (const mail of sent) {
      expect(mail.text).toContain('The leaves are turning on the Camino.');
      expect(mail.text).toMatch(
        /Unsubscribe at any time: http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    expect(sent[0]!.headers!['List-Unsubscribe']).not.toBe(sent[1]!.headers!['List-Unsubscribe']);
  });

  it('answers every list in snake_case, as the rest of the API does', async () => {
    const inquiry = await testApp.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: { fullName: 'Noor', email: 'noor@example.com', message: 'Hello', inquiryTypes: ['press'] },
    });
    expect(inquiry.statusCode).toBeLessThan(300);
    const keysOf = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(keysOf)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
          : [];
    for (const url of [
      '/api/admin/posts/',
      '/api/admin/subscribers/',
      '/api/admin/messages/',
      '/api/admin/requests/',
      '/api/admin/survey/',
      '/api/admin/survey/responses/',
    ]) {
      const body = (await call('GET', url)).json();
      expect(keysOf(body).length, url).toBeGreaterThan(0);
      expect(
        keysOf(body).filter((key) => /[A-Z]/.test(key)),
        url,
      ).toEqual([]);
    }
    const [message] = (await call('GET', '/api/admin/messages/?kind=inquiry')).json();
    expect(message).toMatchObject({ name: 'Noor', inquiry_types: ['press'], handled: false });
    expect(Date.parse(message.created_at)).not.toBeNaN();
  });
});
