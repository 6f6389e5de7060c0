export { BackgroundVideo, SiteVideo } from './components/SiteVideo.tsx';
