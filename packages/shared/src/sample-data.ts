/**
 * The words and places sample records are made of, shared by the record factories (tests, browser tests, the
 * benchmark's load), the dataset generator, which builds its rows inside the database from the same lists, and the
 * demo operator (`npm run demo`). Both of those ship with the server, hence here and not in packages/testing.
 */

export const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Myra',
  'Aarohi',
  'Pari',
  'Anika',
  'Navya',
  'Kiara',
  'Rohan',
  'Kabir',
  'Zara',
  'Meera',
  'Riya',
  'Tara',
  'Dev',
  'Nikhil',
  'Farah',
  'Tom',
  'Maria',
  'Liam',
  'Emma',
  'Noah',
  'Olivia',
  'Lucas',
  'Sofia',
  'Omar',
  'Leila',
  'Chen',
] as const;

export const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Reddy',
  'Nair',
  'Khan',
  'Patel',
  'Singh',
  'Gupta',
  'Das',
  'Mehta',
  'Rao',
  'Joshi',
  'Kapoor',
  'Bose',
  'Mathew',
  'Fernandes',
  'DSouza',
  'Pillai',
  'Menon',
  'Chopra',
  'Malhotra',
  'Banerjee',
  'Kulkarni',
  'Hegde',
] as const;

/** Where families live: four city centres; pickup points are scattered around them. */
export const CITIES = [
  { name: 'Bengaluru', state: 'Karnataka', lat: 12.9716, lng: 77.5946 },
  { name: 'Chennai', state: 'Tamil Nadu', lat: 13.0827, lng: 80.2707 },
  { name: 'Hyderabad', state: 'Telangana', lat: 17.385, lng: 78.4867 },
  { name: 'Mumbai', state: 'Maharashtra', lat: 19.076, lng: 72.8777 },
] as const;

/** How far from its city's centre a pickup point may lie, in degrees each way. */
export const PICKUP_SPREAD_DEGREES = 0.125;

export const VEHICLE_MODELS = [
  'Tata Starbus',
  'Ashok Leyland Lynx',
  'Force Traveller',
  'Eicher Skyline',
] as const;
export const VEHICLE_COLOURS = ['Yellow', 'White', 'Orange'] as const;
export const SCHOOLS = [
  'St. Joseph School',
  'Greenwood High',
  'Delhi Public School',
  'Bishop Cotton',
] as const;
export const ROUTE_DIRECTIONS = ['North', 'South', 'East', 'West', 'Central'] as const;
export const SECTIONS = ['A', 'B', 'C', 'D'] as const;
