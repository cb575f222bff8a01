import sharp from 'sharp';

/** Longest side of a stored profile image; photos are shown at most a few hundred pixels wide. */
export const MAX_IMAGE_SIDE = 512;

export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
}

/**
 * Decodes the upload for real (a renamed text file fails here) and re-encodes it as WebP: EXIF orientation is
 * applied, then every piece of metadata (GPS position, camera, ICC) is dropped, as sharp does unless asked to keep
 * it. The pixel limit refuses decompression bombs before they are decoded.
 */
export async function toProfileWebp(upload: Buffer, maxSide = MAX_IMAGE_SIDE): Promise<Buffer> {
  try {
    return await sharp(upload, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new NotAnImageError('not a decodable image');
  }
}
