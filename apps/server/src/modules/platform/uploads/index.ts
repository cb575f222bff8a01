/** The uploads module's front door: what the rest of the server may use of it. */
export { NotAnImageError, toProfileWebp } from './image-processing.js';
export { createImageStorage, removedFolder, uploadsFolder } from './image-storage.js';
export type { ImageStorage } from './image-storage.js';
export { createImageUrls } from './image-urls.js';
export type { ImageUrls } from './image-urls.js';
export { profileImageTarget } from './profile-image-target.js';
export type { ImageServiceDeps } from './profile-image-target.js';
export { serverSecret } from './server-secret-queries.js';
export { sendSignedFile, signatureQuery, signedFileAnswers } from './signed-file.js';
export { readImageUpload, registerImageUploads, storeReplacingImage, uploadRoutes } from './upload-routes.js';
export type { ProfileImageTarget } from './upload-routes.js';
