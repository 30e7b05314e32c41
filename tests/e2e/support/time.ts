// Reading an instant the API answers as the local date and time a user picked.

/** 'YYYY-MM-DD' and 'HH:MM' of an instant in a zone. */
export const localDateTime = (iso: string, zone: string): { date: string; time: string } => {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return { date, time };
};
