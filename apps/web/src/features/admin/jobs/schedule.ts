/**
 * A catalog-poll schedule (CATALOG_POLL_SCHEDULE, cron, UTC) in words, for the forms the app and its README use:
 * every N hours (`0 *\/6 * * *`, the default), every N minutes, every day at a time. null for any other
 * expression: the page then shows the expression alone.
 */
export type ScheduleWords =
  { key: 'jobs.every.hours' | 'jobs.every.minutes'; count: number } | { key: 'jobs.every.daily'; time: string };

const NUMBER = /^\d{1,2}$/;

export function scheduleInWords(cron: string): ScheduleWords | null {
  const [minute, hour, day, month, weekday, ...rest] = cron.trim().split(/\s+/);
  if (rest.length > 0 || day !== '*' || month !== '*' || weekday !== '*' || !minute || !hour) return null;
  const step = (field: string) => (/^\*\/\d{1,2}$/.test(field) ? Number(field.slice(2)) : null);
  if (NUMBER.test(minute) && Number(minute) === 0 && (hour === '*' || step(hour))) {
    return { key: 'jobs.every.hours', count: hour === '*' ? 1 : (step(hour) ?? 1) };
  }
  if (hour === '*' && (minute === '*' || step(minute))) {
    return { key: 'jobs.every.minutes', count: minute === '*' ? 1 : (step(minute) ?? 1) };
  }
  if (NUMBER.test(minute) && NUMBER.test(hour) && Number(minute) < 60 && Number(hour) < 24) {
    return { key: 'jobs.every.daily', time: `${hour.padStart(2, '0')}:${minute.padStart(2, '0')}` };
  }
  return null;
}
