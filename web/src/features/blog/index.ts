export { PostBody } from './components/PostBody.tsx';
