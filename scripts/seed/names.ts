// Name parts: people, businesses, boats and profile decorations.
import type { SpecialtySlug } from './specialties';

export const FIRST_NAMES: readonly string[] = [
  'James', 'Mike', 'Robert', 'John', 'David', 'Chris', 'Dan', 'Matt', 'Tony', 'Steve', 'Mark',
  'Paul', 'Kevin', 'Brian', 'Jason', 'Ryan', 'Eric', 'Scott', 'Greg', 'Tom', 'Bill', 'Rick',
  'Sean', 'Pete', 'Luis', 'Carlos', 'Jorge', 'Andre', 'Derek', 'Travis', 'Wade', 'Cody', 'Hank',
  'Mary', 'Linda', 'Susan', 'Karen', 'Lisa', 'Nancy', 'Sarah', 'Jessica', 'Emily', 'Amanda',
  'Megan', 'Rachel', 'Laura', 'Kim', 'Donna', 'Carol', 'Julie', 'Heather', 'Nicole', 'Maria',
  'Ana', 'Beth', 'Kate', 'Jen', 'Alison', 'Grace', 'Olivia', 'Hannah', 'Sophie', 'Erin', 'Dana',
];

export const SURNAMES: readonly string[] = [
  'Miller', 'Johnson', 'Williams', 'Brown', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas',
  'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall',
  'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Carter', 'Mitchell',
  'Campbell', 'Roberts', 'Turner', 'Phillips', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart',
  'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed', 'Bailey', 'Kelly',
  'Howard', 'Ward', 'Cox', 'Rivera', 'Gomez', 'Alvarez', 'Sullivan', 'Callahan', 'Brennan',
  'Donovan', 'Gallagher', 'McAllister', 'Fitzgerald', 'Larsen', 'Olsen', 'Nielsen', 'Johansson',
  'Dubois', 'Thibodeaux', 'Boudreaux', 'Hebert', 'Costa', 'Silva', 'Medeiros', 'Pereira', 'Nguyen',
  'Tran', 'Kowalski', 'Novak', 'Russo', 'Moretti', 'Esposito', 'Hale', 'Pike', 'Crane', 'Drake',
];

/** Words that open a nautical business name: "Bluewater ...", "Harbor ...". */
export const NAME_PREFIXES: readonly string[] = [
  'Harbor', 'Bluewater', 'Tidewater', 'Anchor', 'Compass', 'Saltwater', 'Seaside', 'Coastal',
  'Keel', 'Starboard', 'Portside', 'Lighthouse', 'Pelican', 'Osprey', 'Heron', 'Dolphin',
  'Trident', 'Windward', 'Leeward', 'Bayside', 'Channel', 'Inlet', 'Reef', 'Northstar', 'True North',
  'Seabreeze', 'Shoreline', 'Dockside', 'Marlin', 'Tarpon', 'Sailfish', 'Salty Dog', 'Deep Water',
  'Fair Winds', 'Riptide', 'Mainsail', 'Sandbar', 'Crosswind', 'Oceanside', 'Safe Passage',
  'Blue Heron', 'Gulfstream', 'Tradewinds', 'Nor\'easter', 'Seaworthy', 'Stern to Bow', 'Topside',
  'High Tide', 'Low Tide', 'Sea Dog', 'Mariner', 'Navigator', 'Helmsman', 'Capstan', 'Bulkhead',
];

/** The trade part of a business name, per specialty: "... Diesel Works". */
export const BUSINESS_NOUNS: Readonly<Record<SpecialtySlug, readonly string[]>> = {
  'engine-repair': ['Marine Engine Service', 'Engine Works', 'Marine Repair', 'Marine Service', 'Marine Mechanics'],
  'outboard-service': ['Outboard Service', 'Outboard Repair', 'Outboards', 'Outboard & Marine', 'Motor Works'],
  'diesel-engines': ['Diesel Works', 'Diesel Service', 'Marine Diesel', 'Diesel & Marine', 'Power Systems'],
  'fiberglass-gelcoat': ['Fiberglass Repair', 'Glass Works', 'Gelcoat & Fiberglass', 'Composite Repair', 'Boat Works'],
  'bottom-painting': ['Bottom Painting', 'Boat Painting', 'Marine Coatings', 'Bottom Works', 'Paint & Finish'],
  'rigging': ['Rigging', 'Rigging & Spars', 'Rig Shop', 'Spar & Rigging'],
  'sail-repair': ['Sail Loft', 'Sails', 'Sail Repair', 'Sailmakers'],
  'canvas-upholstery': ['Canvas & Sail', 'Canvas Works', 'Marine Canvas', 'Canvas & Upholstery', 'Boat Tops'],
  'marine-electronics': ['Marine Electronics', 'Electronics', 'Nav & Electronics', 'Marine Tech'],
  'marine-electrical': ['Marine Electric', 'Electrical Services', 'Marine Power', 'Boat Electric'],
  'marine-plumbing': ['Marine Plumbing', 'Boat Plumbing', 'Marine Systems'],
  'refrigeration-air-conditioning': ['Marine Air', 'Marine Refrigeration', 'Cooling & Refrigeration', 'Marine Climate'],
  'welding-fabrication': ['Welding & Fabrication', 'Marine Fabrication', 'Metal Works', 'Stainless Works'],
  'woodwork-teak': ['Teak & Varnish', 'Woodworks', 'Brightwork', 'Marine Carpentry'],
  'detailing': ['Yacht Detailing', 'Boat Detailing', 'Marine Detailing', 'Shine & Detail', 'Yacht Care'],
  'hull-cleaning-diving': ['Dive Services', 'Hull Cleaning', 'Diving & Hull Care', 'Underwater Services'],
  'marine-surveying': ['Marine Surveyors', 'Marine Surveys', 'Survey Services', 'Yacht Surveys'],
  'winterization-shrink-wrap': ['Shrink Wrap', 'Winterizing', 'Boat Storage & Wrap', 'Marine Winterizing'],
  'haul-out-storage': ['Boatyard', 'Boat Storage', 'Marine Center', 'Yacht Yard', 'Dry Stack'],
  'towing-salvage': ['Towing & Salvage', 'Marine Assistance', 'Marine Towing', 'Salvage Co.'],
  'yacht-delivery-captains': ['Yacht Deliveries', 'Captain Services', 'Delivery Captains', 'Yacht Management'],
  'propellers-running-gear': ['Propeller Shop', 'Prop & Shaft', 'Propeller Service', 'Running Gear'],
  'watermakers': ['Watermakers', 'Water Systems', 'Desalination Services'],
  'generators': ['Generator Service', 'Marine Generators', 'Power & Generators'],
  'boat-transport': ['Boat Transport', 'Boat Hauling', 'Yacht Transport', 'Marine Transport'],
};

/** Legal-form endings, added to some names. */
export const COMPANY_SUFFIXES: readonly string[] = ['LLC', 'Inc.', 'Co.'];

export const BADGES: readonly string[] = [
  'ABYC Certified', 'Licensed & Insured', 'Mercury Certified', 'Yamaha Certified',
  '24/7 Emergency', 'Volvo Penta Certified', 'Suzuki Certified', 'Cummins Authorized',
  'USCG Licensed Captain', 'SAMS Accredited', 'Family Owned', 'Veteran Owned', 'Mobile Service',
];

/** Boats owners mention in reviews. */
export const BOATS: readonly string[] = [
  'Grady-White 25', 'Boston Whaler Outrage', 'Sea Ray Sundancer', 'Catalina 36', 'Beneteau Oceanis',
  'Hunter 33', 'Regulator 34', 'Contender 32', 'Hatteras 54', 'Bertram 31', 'Tiara 39', 'Sabre 38',
  'Island Packet 35', 'Pursuit OS 325', 'Yellowfin 36', 'Mainship trawler', 'Bayliner 21',
  'Chris-Craft Launch', 'Jeanneau 409', 'Back Cove 34', 'pontoon boat', 'center console',
  'sailboat', 'sportfisher', 'trawler', 'catamaran', 'bay boat', 'cruiser',
];

export const BOAT_KINDS: readonly string[] = [
  'center consoles', 'sportfishing boats', 'cruising sailboats', 'trawlers', 'pontoon boats',
  'express cruisers', 'bay boats', 'motor yachts', 'catamarans', 'classic wooden boats',
];

export const PHOTO_CAPTIONS: readonly string[] = [
  'Fresh bottom paint before splash', 'Repower complete and ready for sea trial',
  'Our service truck on the dock', 'New helm electronics install', 'Gelcoat repair, before and after',
  'Custom bimini and enclosure', 'Teak deck after restoration', 'Engine room after service',
  'Haul-out day', 'The shop', 'Our team', 'Stainless T-top fabrication', 'Sea trial on the bay',
  'Detailing finished: mirror shine', 'Rigging inspection aloft',
];

export const VIDEO_TITLES: readonly string[] = [
  'A day in the shop', 'How we winterize an outboard', 'Sea trial after a repower',
  'Bottom job time-lapse', 'Meet the team', 'Electronics upgrade walkthrough',
  'Spring commissioning checklist', 'Before and after: gelcoat restoration',
];

export const EMAIL_BOXES: readonly string[] = ['info', 'service', 'office', 'hello', 'shop'];
