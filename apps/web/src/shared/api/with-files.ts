/**
 * A call's body with files (docs/decisions/055): multipart with the JSON in a part named "request" and each file in a
 * part named "files"; plain JSON when there are none. Support's calls and connection requests' send files so.
 */
export function withFiles(request: object, files: readonly File[]): object | FormData {
  if (files.length === 0) return request;
  const form = new FormData();
  form.append('request', JSON.stringify(request));
  for (const file of files) form.append('files', file, file.name);
  return form;
}
