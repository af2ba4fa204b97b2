export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString(language);
}

export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleString(language);
}

/** Whole kilobytes, rounded up (a 1-byte file is 1 KB). */
export const kilobytes = (bytes: number) => Math.ceil(bytes / 1024);
