export { JourneyCard } from './components/JourneyCard.tsx';
