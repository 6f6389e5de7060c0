/** A cue time as WebVTT writes it: `mm:ss.ttt`, with hours in front when there are any. */
export const vttTime = (seconds: number) => {
  const millis = Math.round(seconds * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const rest = ((millis % 60_000) / 1000).toFixed(3).padStart(6, '0');
  const clock = `${String(minutes).padStart(2, '0')}:${rest}`;
  return hours > 0 ? `${String(hours).padStart(2, '0')}:${clock}` : clock;
};
