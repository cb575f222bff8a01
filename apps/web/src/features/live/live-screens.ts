/**
 * Both dispatcher screens, fetched as one chunk: they share nearly all their code, and the first screen's router
 * table then names one file for them rather than a handful (it is held to a byte budget).
 */
export { LiveMapPage } from './LiveMapPage';
export { TodayBoardPage } from './TodayBoardPage';
