import autocannon from 'autocannon';
import { listenInProcess } from './in-process-app.ts';
import { type BenchSection, formatMs } from './section.ts';

const DURATION_SECONDS = 10;
const CONNECTIONS = 20;
const GIFTS = 100;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

const section: BenchSection = {
  name: 'Giving (test mode)',
  run: async () => {
    const { url, runtime, close } = await listenInProcess('giving');
    try {
      const intents = await autocannon({
        url: `${url}/api/create-payment-intent`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: 15,
          currency: 'gbp',
          frequency: 'monthly',
          email: 'bench@example.com',
        }),
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
      });
      const gifts: number[] = [];
      for (let index = 0; index < GIFTS; index++) {
        const started = performance.now();
        const intent = await fetch(`${url}/api/create-payment-intent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: 10 + index,
            currency: 'gbp',
            frequency: 'one-time',
            email: 'bench@example.com',
          }),
        });
        const { clientSecret } = (await intent.json()) as { clientSecret: string };
        await fetch(`${url}/api/payments/test/confirm/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }),
        });
        gifts.push(performance.now() - started);
      }
      gifts.sort((a, b) => a - b);
      const recorded = (await runtime.services.donations.listDonations()).length;
      return [
        {
          metric: `POST /api/create-payment-intent throughput (${CONNECTIONS} connections)`,
          value: `${intents.requests.average.toFixed(1)} req/s`,
        },
        { metric: 'POST /api/create-payment-intent p50', value: formatMs(intents.latency.p50) },
        {
          metric: 'POST /api/create-payment-intent p99',
          value: formatMs(intents.latency.p99),
          goal: '≤ 250 ms',
        },
        {
          metric: 'POST /api/create-payment-intent failed',
          value: String(intents.non2xx + intents.errors + intents.timeouts),
          goal: '0',
        },
        {
          metric: `one-time gift, intent + test card, p50 of ${GIFTS}`,
          value: formatMs(percentile(gifts, 0.5)),
        },
        {
          metric: `one-time gift, intent + test card, p99 of ${GIFTS}`,
          value: formatMs(percentile(gifts, 0.99)),
          goal: '≤ 500 ms',
        },
        { metric: 'gifts recorded', value: String(recorded), goal: String(GIFTS) },
      ];
    } finally {
      await close();
    }
  },
};

export default section;
