/** Longest side of a photo as the phone keeps and sends it: enough to see a defect or a gate, small over a weak signal. */
const MAX_SIDE = 1280;

/**
 * A camera photo (often 4–12 MB) drawn at most 1280 px on its longest side. The server decodes it for real and
 * re-encodes it as WebP, so nothing here is trusted.
 */
async function drawnSmall(file: File): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}

/** A defect photo made small before it waits in the outbox: JPEG, as base64 without the prefix. */
export async function photoAsBase64(file: File): Promise<string> {
  const dataUrl = (await drawnSmall(file)).toDataURL('image/jpeg', 0.8);
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

/** A stop's photo made small before it is uploaded (under the 2 MB the upload takes): a JPEG file. */
export async function photoAsJpeg(file: File): Promise<Blob> {
  const canvas = await drawnSmall(file);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be read.'))),
      'image/jpeg',
      0.8,
    ),
  );
}
