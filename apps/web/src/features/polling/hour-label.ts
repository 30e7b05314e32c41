// Hour settings are stored 0-23 and shown as 12-hour labels (spec part 2 §9).
export const hourLabel = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
