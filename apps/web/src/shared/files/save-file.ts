/**
 * Saves a file the browser holds under its name, through a link the browser downloads: the one way every page saves a
 * download (invoices, contracts, CSV exports).
 */
export function saveFile(file: { blob: Blob; filename: string }) {
  // eslint-disable-next-line no-restricted-syntax -- the one saver the rule points to
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
