import autocannon from 'autocannon';
import { listenInProcess } from './in-process-app.ts';
import { type BenchRow, type BenchSection, formatMs } from './section.ts';

const DURATION_SECONDS = 10;
const CONNECTIONS = 20;

const survey = {
  overallExperience: 5,
  websiteDesign: 4,
  easeOfUse: 4,
  usedVela: 'yes',
  velaHelpfulness: 4,
  velaResponseQuality: 5,
  usedSoulStory: 'no',
  whatWorkedWell: 'The quiet of the prompts and the kindness of the replies.',
  pilgrimageStage: 'completed',
  ageRange: '45-54',
};

const contact = {
  name: 'Bench Walker',
  email: 'bench.walker@example.com',
  message: 'A note from the road, sent many times to see how the form holds up.',
};

const post = (url: string, body: object) =>
  autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });

const rowsFor = (label: string, result: autocannon.Result): BenchRow[] => [
  {
    metric: `${label} throughput (${CONNECTIONS} connections)`,
    value: `${result.requests.average.toFixed(1)} req/s`,
  },
  { metric: `${label} p50`, value: formatMs(result.latency.p50) },
  { metric: `${label} p99`, value: formatMs(result.latency.p99), goal: '≤ 250 ms' },
  { metric: `${label} failed`, value: String(result.non2xx + result.errors + result.timeouts), goal: '0' },
];

const section: BenchSection = {
  name: 'Community forms',
  run: async () => {
    const { url, runtime, close } = await listenInProcess('forms');
    try {
      const surveys = await post(`${url}/api/survey/submit/`, survey);
      const stored = (await runtime.services.survey.listSurveyResponses({ limit: 10_000 })).length;
      const messages = await post(`${url}/api/contact/`, contact);
      return [
        ...rowsFor('POST /api/survey/submit/', surveys),
        { metric: 'survey responses stored', value: String(stored) },
        ...rowsFor('POST /api/contact/ (stores and queues two emails)', messages),
      ];
    } finally {
      await close();
    }
  },
};

export default section;
