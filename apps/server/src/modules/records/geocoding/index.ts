/** The geocoding module's front door (decision 072): home addresses placed by a configured geocoder. */
export { geocodingRoutes } from './geocoding-routes.js';
export {
  createGeocodingService,
  type GeocodingService,
  type HomeBefore,
  type HomeFields,
  homeWithoutAsking,
  type HomeInput,
} from './geocoding-service.js';
