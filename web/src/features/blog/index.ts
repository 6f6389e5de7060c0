export { PostBody } from './components/PostBody.tsx';
export { formatPostDate } from './format.ts';
