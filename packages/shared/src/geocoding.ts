import { z } from 'zod';
import { optionalText } from './fields.js';

/**
 * Home addresses placed by a geocoder (decision 072). A child's home point is set by a person (HAND: a map click,
 * typed coordinates, a file's) or by the geocoder (GEOCODER); the geocoder never overwrites a HAND point.
 */
export const HOME_SOURCES = ['HAND', 'GEOCODER'] as const;
export type HomeSource = (typeof HOME_SOURCES)[number];

/**
 * NONE: nothing to place (no address, or the point was set by hand). PENDING: waiting for the geocoding job.
 * PLACED: the geocoder's point. NOT_FOUND, LOW_CONFIDENCE, AMBIGUOUS: the office's review queue.
 */
export const ADDRESS_STATUSES = [
  'NONE',
  'PENDING',
  'PLACED',
  'NOT_FOUND',
  'LOW_CONFIDENCE',
  'AMBIGUOUS',
] as const;
export type AddressStatus = (typeof ADDRESS_STATUSES)[number];
export const REVIEW_STATUSES = ['NOT_FOUND', 'LOW_CONFIDENCE', 'AMBIGUOUS'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_REASONS: Record<ReviewStatus, string> = {
  NOT_FOUND: 'The geocoder found no such address.',
  LOW_CONFIDENCE: 'The geocoder found only a vague place (a town or a district, not the street).',
  AMBIGUOUS: 'The geocoder found several places far apart.',
};

/** One place a geocoder proposes, in our shape whichever engine answered. */
export const addressCandidateSchema = z.object({
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** OSM address rank: 30 a house, 26 a street, 16 a town, 4 a country. */
  rank: z.number(),
});
export type AddressCandidate = z.infer<typeof addressCandidateSchema>;

/** The structured parts of a home address beside its free line (`pickupDropAddress`). */
export const addressPartsSchema = z.object({
  addressCity: optionalText('City', 100),
  addressPostcode: optionalText('Postcode', 20),
  addressCountry: optionalText('Country', 2)
    .refine((code) => !code || /^[A-Za-z]{2}$/.test(code), 'Country must be a two-letter code such as GB')
    .transform((code) => (code ? code.toUpperCase() : null)),
});

/** GET /api/geocoding/search: what the office's address field asks while a person types. */
export const addressSearchQuerySchema = addressPartsSchema.extend({
  q: z.string().trim().min(3, 'Type at least 3 characters').max(300),
});
export type AddressSearchQuery = z.input<typeof addressSearchQuerySchema>;

/** The answer: without a geocoder (GEOCODER_URL unset), `configured` is false and nobody was asked. */
export const addressSearchSchema = z.object({
  configured: z.boolean(),
  candidates: z.array(addressCandidateSchema),
});
export type AddressSearch = z.infer<typeof addressSearchSchema>;

export const geocoderStatusSchema = z.object({ configured: z.boolean() });
export type GeocoderStatus = z.infer<typeof geocoderStatusSchema>;

/** GET /api/geocoding/reviews: one address the geocoder could not place well, with what it proposed. */
export const addressReviewSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  parentName: z.string(),
  address: z.string(),
  status: z.enum(REVIEW_STATUSES),
  candidates: z.array(addressCandidateSchema),
});
export type AddressReview = z.infer<typeof addressReviewSchema>;

export const addressReviewListSchema = z.object({
  reviews: z.array(addressReviewSchema),
  /** How many wait in all; the list shows the oldest first, at most REVIEW_PAGE of them. */
  total: z.number(),
});
export type AddressReviewList = z.infer<typeof addressReviewListSchema>;
export const REVIEW_PAGE = 100;

/** POST /api/geocoding/reviews/{studentId}/fix: the office picks a candidate or clicks the point. */
export const addressFixSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** A candidate picked is the geocoder's point; a map click is the office's own (never overwritten). */
  from: z.enum(['CANDIDATE', 'MAP']),
});
export type AddressFix = z.infer<typeof addressFixSchema>;

/** The office's geocoding URLs (admin), below /api. */
export const GEOCODING_PATHS = {
  status: '/geocoding/status',
  search: '/geocoding/search',
  reviews: '/geocoding/reviews',
  fix: '/geocoding/reviews/:id/fix',
} as const;
export const geocodingFixPath = (studentId: string) => `/geocoding/reviews/${studentId}/fix`;
