/**
 * Which page of a list to show: the requested page (a bad or missing number is page 1) kept within
 * the pages that exist, at least one, and the offset of its first row.
 */
export function pageWindow(
  total: number,
  requested: number,
  pageSize: number,
): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
