// The record page's code, fetched ahead when a row is pointed at: by the click, the chunk is in.
export function preloadRecordPage(): void {
  void import('./ModelDetailPage');
}
