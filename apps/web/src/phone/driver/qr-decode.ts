/**
 * Reads a QR code from a camera frame. The browser's own BarcodeDetector (Chrome on Android, Safari 17+) is used
 * where it exists; elsewhere a small pure-JavaScript decoder (jsQR), fetched only when a camera scan first needs
 * it, so it never weighs on a screen that does not scan.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

function nativeDetector(): BarcodeDetectorLike | null {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return new Detector({ formats: ['qr_code'] });
  } catch {
    // Present but without QR support on this device.
    return null;
  }
}

export interface QrReader {
  /** The text of a QR code in the current frame of `video`, or null when none is seen. */
  read(video: HTMLVideoElement): Promise<string | null>;
}

/** A reader for camera frames, with the best decoder this browser offers. */
export async function createQrReader(): Promise<QrReader> {
  const detector = nativeDetector();
  if (detector) {
    return {
      async read(video) {
        const codes = await detector.detect(video);
        return codes[0]?.rawValue ?? null;
      },
    };
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async read(video) {
      if (!context || video.videoWidth === 0) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return decodeQrImage(jsQR, image);
    },
  };
}

/** jsQR on one image: split out so that tests can feed it generated pictures. */
export function decodeQrImage(
  decode: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null,
  image: ImageData,
): string | null {
  return decode(image.data, image.width, image.height)?.data ?? null;
}
