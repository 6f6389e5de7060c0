export { SiteVideo } from './components/SiteVideo.tsx';
