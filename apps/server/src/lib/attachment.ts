/** A file name any browser and file system accept: letters, digits, dot, dash and underscore only. */
export const safeFileName = (name: string): string =>
  name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'export.csv';

/**
 * `Content-Disposition` of a download: the name made safe for the plain `filename` (old browsers, and no quote or
 * line break can end the header), and the same name percent-encoded in `filename*` (RFC 6266).
 */
export const attachment = (name: string): string => {
  const safe = safeFileName(name);
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
};
