// The marine specialties a contractor can offer. `weight` is how common the trade is among
// contractors (outboard mechanics abound, watermaker specialists are rare), so the specialty
// filter returns very different counts.

export interface Specialty {
  /** The search filter value: lowercase kebab-case. */
  readonly slug: string;
  readonly name: string;
  /** Service phrases a contractor of this trade lists on its profile. */
  readonly services: readonly string[];
  readonly weight: number;
  /** Trades that often go together: a contractor's other specialties mostly share its main one's group. */
  readonly group: 'engines' | 'hull' | 'sail' | 'systems' | 'yard' | 'on-water';
}

/**
 * Brands a contractor of a trade says it services, and the noun it puts after them ("Yamaha and
 * Mercury outboards"), as real listings do. Drawn from a stream of their own, so adding them
 * changed no other generated value.
 */
export const EQUIPMENT: Readonly<Record<string, { readonly brands: readonly string[]; readonly noun: string }>> = {
  'engine-repair': { brands: ['MerCruiser', 'Volvo Penta', 'Crusader', 'Indmar', 'Ilmor'], noun: 'inboards and sterndrives' },
  'outboard-service': { brands: ['Yamaha', 'Mercury', 'Suzuki', 'Honda', 'Evinrude', 'Tohatsu'], noun: 'outboards' },
  'diesel-engines': { brands: ['Yanmar', 'Cummins', 'Caterpillar', 'Volvo Penta', 'Perkins', 'Beta Marine'], noun: 'diesels' },
  generators: { brands: ['Onan', 'Kohler', 'Northern Lights', 'Fischer Panda', 'Westerbeke'], noun: 'generators' },
  watermakers: { brands: ['Spectra', 'Village Marine', 'Schenker', 'Katadyn', 'Sea Recovery'], noun: 'watermakers' },
  'marine-electronics': { brands: ['Garmin', 'Raymarine', 'Simrad', 'Furuno', 'Lowrance', 'Humminbird'], noun: 'electronics' },
  'marine-electrical': { brands: ['Victron', 'Mastervolt', 'Blue Sea Systems', 'Xantrex', 'Balmar'], noun: 'chargers and inverters' },
  'refrigeration-air-conditioning': {
    brands: ['Dometic', 'Webasto', 'Cruisair', 'Isotherm', 'Frigoboat'],
    noun: 'air conditioning and refrigeration',
  },
};

export const SPECIALTIES = [
  {
    slug: 'engine-repair',
    group: 'engines',
    name: 'Engine Repair',
    weight: 10,
    services: [
      'Inboard engine diagnostics',
      'Sterndrive service and repair',
      'Tune-ups and ignition work',
      'Fuel system cleaning',
      'Cooling system and impeller service',
      'Engine repowers',
    ],
  },
  {
    slug: 'outboard-service',
    group: 'engines',
    name: 'Outboard Service',
    weight: 10,
    services: [
      'Outboard 100-hour service',
      'Lower unit seals and gear oil',
      'Outboard rigging and repowers',
      'Fuel injector and carburetor cleaning',
      'Water pump impeller replacement',
    ],
  },
  {
    slug: 'diesel-engines',
    group: 'engines',
    name: 'Diesel Engines',
    weight: 7,
    services: [
      'Diesel engine servicing',
      'Injector and injection pump overhauls',
      'Turbocharger service',
      'Heat exchanger cleaning',
      'Engine alignment',
      'Diesel repowers',
    ],
  },
  {
    slug: 'fiberglass-gelcoat',
    group: 'hull',
    name: 'Fiberglass & Gelcoat',
    weight: 6,
    services: [
      'Gelcoat crack and chip repair',
      'Structural fiberglass repair',
      'Osmotic blister repair',
      'Transom rebuilds',
      'Deck core replacement',
    ],
  },
  {
    slug: 'bottom-painting',
    group: 'hull',
    name: 'Bottom Painting',
    weight: 6,
    services: [
      'Antifouling bottom paint',
      'Barrier coat application',
      'Bottom sanding and stripping',
      'Running gear antifouling',
      'Boot stripe painting',
    ],
  },
  {
    slug: 'rigging',
    group: 'sail',
    name: 'Rigging',
    weight: 3,
    services: [
      'Standing rigging replacement',
      'Rig inspections',
      'Running rigging and splicing',
      'Roller furler installation',
      'Mast stepping and unstepping',
    ],
  },
  {
    slug: 'sail-repair',
    group: 'sail',
    name: 'Sail Repair',
    weight: 2,
    services: ['Sail repair and restitching', 'UV cover replacement', 'Sail washing and storage', 'Custom sails', 'Sail inspections'],
  },
  {
    slug: 'canvas-upholstery',
    group: 'sail',
    name: 'Canvas & Upholstery',
    weight: 6,
    services: [
      'Bimini tops and dodgers',
      'Custom boat covers',
      'Enclosures and isinglass replacement',
      'Cushion upholstery',
      'Headliner replacement',
      'Snap and zipper repair',
    ],
  },
  {
    slug: 'marine-electronics',
    group: 'systems',
    name: 'Marine Electronics',
    weight: 7,
    services: [
      'Chartplotter and radar installation',
      'Autopilot installation',
      'Sonar and fishfinder setup',
      'VHF and AIS installation',
      'NMEA 2000 networking',
      'Satellite TV and onboard Wi-Fi',
    ],
  },
  {
    slug: 'marine-electrical',
    group: 'systems',
    name: 'Marine Electrical',
    weight: 7,
    services: [
      'Electrical troubleshooting',
      'Battery bank upgrades',
      'Shore power and inverter installation',
      'Solar panel installation',
      'Rewiring to ABYC standards',
      'LED lighting upgrades',
    ],
  },
  {
    slug: 'marine-plumbing',
    group: 'systems',
    name: 'Marine Plumbing',
    weight: 4,
    services: [
      'Head and holding tank repair',
      'Freshwater system repair',
      'Bilge pump installation',
      'Through-hull and seacock replacement',
      'Water heater replacement',
    ],
  },
  {
    slug: 'refrigeration-air-conditioning',
    group: 'systems',
    name: 'Refrigeration & Air Conditioning',
    weight: 4,
    services: [
      'Marine air conditioning service',
      'Refrigerator and freezer repair',
      'Ice maker installation',
      'Refrigerant recharge',
      'Raw water pump service',
    ],
  },
  {
    slug: 'welding-fabrication',
    group: 'hull',
    name: 'Welding & Fabrication',
    weight: 3,
    services: [
      'Stainless steel fabrication',
      'Aluminum welding',
      'T-top and tower fabrication',
      'Railing repair',
      'Custom brackets and mounts',
    ],
  },
  {
    slug: 'woodwork-teak',
    group: 'hull',
    name: 'Woodwork & Teak',
    weight: 3,
    services: ['Teak deck restoration', 'Varnish and brightwork', 'Interior joinery', 'Teak cleaning and oiling', 'Cabinetry repair'],
  },
  {
    slug: 'detailing',
    group: 'hull',
    name: 'Detailing',
    weight: 8,
    services: [
      'Wash and wax',
      'Compounding and buffing',
      'Interior cleaning',
      'Ceramic coating',
      'Stainless and chrome polishing',
      'Mildew removal',
    ],
  },
  {
    slug: 'hull-cleaning-diving',
    group: 'hull',
    name: 'Hull Cleaning & Diving',
    weight: 5,
    services: [
      'Underwater hull cleaning',
      'Zinc anode replacement',
      'Propeller polishing',
      'Underwater inspections',
      'Lost item recovery',
      'Mooring inspections',
    ],
  },
  {
    slug: 'marine-surveying',
    group: 'on-water',
    name: 'Marine Surveying',
    weight: 3,
    services: ['Pre-purchase surveys', 'Insurance surveys', 'Damage surveys', 'Engine surveys', 'Moisture and delamination testing'],
  },
  {
    slug: 'winterization-shrink-wrap',
    group: 'yard',
    name: 'Winterization & Shrink Wrap',
    weight: 4,
    services: ['Engine winterization', 'Shrink wrapping', 'Water system winterizing', 'Spring commissioning', 'Fuel stabilization'],
  },
  {
    slug: 'haul-out-storage',
    group: 'yard',
    name: 'Haul-Out & Storage',
    weight: 3,
    services: [
      'Travel lift haul-outs',
      'Indoor rack storage',
      'Outdoor dry storage',
      'Bottom pressure washing',
      'Blocking and jack stands',
    ],
  },
  {
    slug: 'towing-salvage',
    group: 'on-water',
    name: 'Towing & Salvage',
    weight: 2,
    services: [
      '24-hour on-water towing',
      'Soft ungroundings',
      'Jump starts and fuel drops',
      'Salvage and refloating',
      'Emergency dewatering',
    ],
  },
  {
    slug: 'yacht-delivery-captains',
    group: 'on-water',
    name: 'Yacht Delivery & Captains',
    weight: 3,
    services: [
      'Yacht deliveries',
      'Licensed captain services',
      'Owner training and instruction',
      'Sea trials',
      'Offshore passage planning',
    ],
  },
  {
    slug: 'propellers-running-gear',
    group: 'engines',
    name: 'Propellers & Running Gear',
    weight: 3,
    services: [
      'Propeller repair and reconditioning',
      'Shaft and strut replacement',
      'Cutless bearing replacement',
      'Propeller tuning',
      'Rudder repair',
    ],
  },
  {
    slug: 'watermakers',
    group: 'systems',
    name: 'Watermakers',
    weight: 1,
    services: ['Watermaker installation', 'Membrane replacement', 'Watermaker pickling and service', 'Pre-filter and pump service'],
  },
  {
    slug: 'generators',
    group: 'engines',
    name: 'Generators',
    weight: 2,
    services: ['Generator servicing', 'Generator installation', 'Load testing', 'Sound shield repair', 'Exhaust and cooling service'],
  },
  {
    slug: 'boat-transport',
    group: 'yard',
    name: 'Boat Transport',
    weight: 2,
    services: [
      'Over-the-road boat hauling',
      'Oversize yacht transport',
      'Trailer launch and retrieval',
      'Cross-country shipping',
      'Permits and escort coordination',
    ],
  },
] as const satisfies readonly Specialty[];

export type SpecialtySlug = (typeof SPECIALTIES)[number]['slug'];
