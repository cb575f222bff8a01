/** Longest side of a defect photo as the phone keeps and sends it: enough to see a defect, small in the outbox. */
const MAX_SIDE = 1280;

/**
 * A camera photo (often 4–12 MB) made small on the phone before it waits in the outbox and goes over a weak
 * signal: drawn at most 1280 px on its longest side and encoded as JPEG; answered as base64 without the prefix.
 * The server decodes it for real and re-encodes it as WebP, so nothing here is trusted.
 */
export async function photoAsBase64(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const dataUrl = canvas.toDataURL('image/jpeg', 0.8);
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
