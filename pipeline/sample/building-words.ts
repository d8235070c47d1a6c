// The words the sample's building resources are made of: each vocabulary's machine name, id, first
// term id and term names (ids run on from the first), and the technologies, title words, people,
// sponsors, venues and dates its titles, bodies and events are written with.

export const STATES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'District of Columbia', 'Florida', 'Georgia',
  'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan',
  'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York',
  'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee',
  'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming',
];

export const VOCABULARIES: Array<{ machine: string; vid: number; firstTid: number; names: string[] }> = [
  { machine: 'event_types', vid: 1, firstTid: 1, names: ['Webinar', 'Conference', 'Workshop', 'Training', 'Meeting'] },
  {
    machine: 'portals', vid: 2, firstTid: 6,
    names: ['Better Buildings Alliance', 'Energy Performance-Based Acquisition', 'Commercial Buildings Integration', 'Federal Energy Management Program', 'Building Energy Codes', 'Zero Energy Buildings', 'Technology Solutions', 'Building Re-tuning'],
  },
  {
    machine: 'collections', vid: 3, firstTid: 14,
    names: ['Advanced Energy Design Guides', 'Advanced Energy Retrofit Guides', 'Technology Specifications', 'Energy Savings Performance Contracts', 'Commissioning Guides', 'Benchmarking Resources', 'Lighting Energy Efficiency in Parking', 'Plug Load Resources', 'High Performance Rooftop Units', 'Building Re-tuning Training', 'Federal Facilities Guidance', 'Data Center Efficiency'],
  },
  {
    machine: 'topics', vid: 4, firstTid: 26,
    names: ['Building Envelope', 'Windows and Daylighting', 'Lighting', 'Energy Management', 'HVAC', 'Water Heating', 'Metering', 'Plug and Process Loads', 'Refrigeration', 'Energy Modeling', 'Commissioning', 'Benchmarking', 'Financing', 'Controls', 'Renewable Energy', 'Ventilation', 'Water Efficiency', 'Retrofits', 'Data Centers', 'Energy Codes', 'Zero Energy Buildings', 'Operations and Maintenance', 'Procurement', 'Tenant Engagement', 'Demand Response'],
  },
  {
    machine: 'building_types', vid: 9, firstTid: 51,
    names: ['Datacenter', 'Education', 'Food Sales', 'Food Service', 'Health Care (Inpatient)', 'Health Care (Outpatient)', 'Laboratory', 'Lodging', 'Retail (Other Than Mall)', 'Enclosed and Strip Malls', 'Office', 'Public Assembly', 'Public Order and Safety', 'Religious Worship', 'Service', 'Warehouse and Storage', 'Grocery Store', 'Restaurant', 'K-12 School', 'Higher Education', 'Hospital', 'Hotel', 'Multifamily', 'Parking Structure', 'Vacant'],
  },
  { machine: 'construction_types', vid: 5, firstTid: 76, names: ['New Construction', 'Major Renovation', 'Retrofit', 'Existing Buildings', 'Tenant Fit-Out'] },
  { machine: 'phases_of_delivery', vid: 6, firstTid: 81, names: ['Planning', 'Design', 'Construction', 'Commissioning and Acceptance', 'Operations'] },
  {
    machine: 'audience_types', vid: 7, firstTid: 86,
    names: ['Architects', 'Building Owners', 'Contractors', 'Energy Managers', 'Engineers', 'Facility Managers', 'Federal Agencies', 'Financial Professionals', 'Manufacturers', 'Policymakers', 'Property Managers', 'Researchers', 'Tenants', 'Utilities'],
  },
  { machine: 'states', vid: 8, firstTid: 100, names: STATES },
  {
    machine: 'tool_types', vid: 10, firstTid: 151,
    names: ['Energy Simulation', 'Benchmarking Tool', 'Calculator', 'Web Application', 'Spreadsheet', 'Mobile App', 'Software', 'Design Tool', 'Database', 'Checklist Tool', 'Audit Tool', 'Weather Data'],
  },
  {
    machine: 'publication_types', vid: 11, firstTid: 163,
    names: ['Case Study', 'Fact Sheet', 'Guide', 'Technical Report', 'Journal Article', 'Conference Paper', 'Specification', 'Brochure', 'Presentation', 'Newsletter', 'Handbook', 'Report'],
  },
  {
    machine: 'resource_types', vid: 12, firstTid: 175,
    names: ['Checklist', 'Data Set', 'Video', 'Website', 'Template', 'Training Material', 'Sample Contract', 'Procurement Specification', 'Model Policy', 'Infographic'],
  },
  {
    machine: 'institutions', vid: 13, firstTid: 185,
    names: ['National Renewable Energy Laboratory', 'Pacific Northwest National Laboratory', 'Lawrence Berkeley National Laboratory', 'Oak Ridge National Laboratory', 'Argonne National Laboratory', 'U.S. Department of Energy', 'U.S. General Services Administration', 'ASHRAE', 'Illuminating Engineering Society', 'New Buildings Institute', 'Rocky Mountain Institute', 'American Council for an Energy-Efficient Economy', 'Consortium for Energy Efficiency', 'U.S. Green Building Council', 'Building Owners and Managers Association', 'National Institute of Building Sciences', 'Federal Energy Management Program', 'Environmental Protection Agency', 'Electric Power Research Institute', 'Northwest Energy Efficiency Alliance'],
  },
  {
    machine: 'keywords', vid: 14, firstTid: 205,
    names: [
      'wireless', 'metering', 'submetering', 'technology challenge', 'specification', 'LED', 'occupancy sensors', 'rooftop units', 'variable air volume',
      'chillers', 'boilers', 'heat pumps', 'energy recovery', 'economizers', 'building automation', 'fault detection', 'demand-controlled ventilation',
      'daylight harvesting', 'cool roofs', 'insulation', 'air barriers', 'glazing', 'photovoltaics', 'net zero', 'energy audit', 'retro-commissioning',
      'measurement and verification', 'ESPC', 'utility incentives', 'ENERGY STAR', 'Portfolio Manager', 'green leases', 'tenant improvements',
      'power strips', 'vending machines', 'data center cooling', 'server virtualization', 'refrigerated display cases', 'walk-in coolers',
      'kitchen ventilation', 'heat pump water heaters', 'low-flow fixtures', 'parking lot lighting', 'exterior lighting', 'high bay lighting',
      'lighting controls', 'task lighting', 'thermal comfort', 'indoor air quality', 'ventilation rates', 'ASHRAE 90.1', 'IECC', 'life-cycle cost',
      'payback', 'on-bill financing', 'PACE', 'disclosure', 'EnergyPlus', 'weather files', 'sensors', 'dashboards', 'interval data', 'peak demand',
      'grid-interactive', 'thermal storage', 'electrification', 'heat recovery', 'geothermal', 'district energy', 'combined heat and power',
      'chilled beams', 'radiant cooling', 'variable refrigerant flow', 'condensing boilers', 'plug load management', 'window films', 'triple-pane windows',
      'solar thermal', 'building energy asset score', 'procurement', 'retrofit financing',
    ],
  },
];

export const TECHNOLOGIES = [
  'LED Troffers', 'Rooftop Unit Controls', 'Wireless Submeters', 'Variable Refrigerant Flow Systems', 'Demand-Controlled Ventilation', 'Daylighting Controls',
  'Energy Recovery Ventilators', 'Heat Pump Water Heaters', 'Advanced Power Strips', 'Cool Roof Coatings', 'Triple-Pane Windows', 'Occupancy Sensors',
  'Chilled Beams', 'Radiant Cooling', 'Building Automation Systems', 'Fault Detection and Diagnostics', 'Condensing Boilers', 'Parking Structure Lighting',
  'Plug Load Management', 'Thermal Energy Storage', 'High-Efficiency Chillers', 'Window Films', 'Dedicated Outdoor Air Systems', 'Smart Thermostats',
];
export const ADJECTIVES = ['Advanced', 'Cost-Effective', 'Deep', 'Practical', 'High-Performance', 'Low-Cost', 'Integrated', 'Next-Generation'];
export const TOOL_PREFIXES = ['Energy', 'Building', 'Light', 'Air', 'Envelope', 'Comfort', 'Retrofit', 'Bench', 'Load', 'Plug', 'Thermal', 'Day', 'Grid', 'Meter', 'Zone', 'Chill', 'Vent', 'Roof'];
export const TOOL_SUFFIXES = ['Calc', 'Check', 'Kit', 'Scope', 'Sizer', 'Lab', 'Pro', 'Mark', 'Wise', 'Sim', 'Tracker', 'Planner', 'Score', 'Base'];
export const SPONSORS = ['FEMP', 'Better Buildings Alliance', 'NREL', 'PNNL', 'LBNL', 'ASHRAE', 'U.S. Department of Energy', 'GSA Green Proving Ground', 'ORNL', 'New Buildings Institute'];
export const FIRST_NAMES = ['Maria', 'James', 'Wei', 'Priya', 'Robert', 'Aisha', 'Daniel', 'Elena', 'Kenji', 'Sarah', 'Miguel', 'Grace', 'Omar', 'Laura', 'David', 'Hannah'];
export const LAST_NAMES = ['Garcia', 'Smith', 'Chen', 'Patel', 'Johnson', 'Okafor', 'Miller', 'Rossi', 'Tanaka', 'Brown', 'Hernandez', 'Kim', 'Nguyen', 'Schmidt', 'Lee', 'Anderson'];
export const VENUES: Array<{ city: string; state: string; timezone: string; venue: string }> = [
  { city: 'Washington', state: 'DC', timezone: 'America/New_York', venue: 'Convention Center' },
  { city: 'Denver', state: 'CO', timezone: 'America/Denver', venue: 'Convention Center' },
  { city: 'Golden', state: 'CO', timezone: 'America/Denver', venue: 'Research Campus Conference Hall' },
  { city: 'Chicago', state: 'IL', timezone: 'America/Chicago', venue: 'Lakeside Conference Center' },
  { city: 'New York', state: 'NY', timezone: 'America/New_York', venue: 'Midtown Conference Center' },
  { city: 'San Francisco', state: 'CA', timezone: 'America/Los_Angeles', venue: 'Bayfront Hotel' },
  { city: 'Seattle', state: 'WA', timezone: 'America/Los_Angeles', venue: 'Convention Center' },
  { city: 'Boston', state: 'MA', timezone: 'America/New_York', venue: 'Seaport Conference Center' },
  { city: 'Atlanta', state: 'GA', timezone: 'America/New_York', venue: 'Downtown Marriott' },
  { city: 'Austin', state: 'TX', timezone: 'America/Chicago', venue: 'Convention Center' },
  { city: 'Philadelphia', state: 'PA', timezone: 'America/New_York', venue: 'Navy Yard Conference Center' },
  { city: 'Minneapolis', state: 'MN', timezone: 'America/Chicago', venue: 'Convention Center' },
  { city: 'Phoenix', state: 'AZ', timezone: 'America/Phoenix', venue: 'Desert Conference Center' },
  { city: 'Las Vegas', state: 'NV', timezone: 'America/Los_Angeles', venue: 'Convention Center' },
  { city: 'Orlando', state: 'FL', timezone: 'America/New_York', venue: 'Convention Center' },
  { city: 'Richland', state: 'WA', timezone: 'America/Los_Angeles', venue: 'Laboratory Conference Center' },
  { city: 'Berkeley', state: 'CA', timezone: 'America/Los_Angeles', venue: 'Hills Laboratory Auditorium' },
  { city: 'Oak Ridge', state: 'TN', timezone: 'America/New_York', venue: 'Laboratory Conference Center' },
  { city: 'Portland', state: 'OR', timezone: 'America/Los_Angeles', venue: 'Convention Center' },
  { city: 'Salt Lake City', state: 'UT', timezone: 'America/Denver', venue: 'Salt Palace' },
];
export const STREETS = ['Main St', 'Market St', 'Broadway', 'Convention Plaza', 'Cole Blvd', 'Capitol Ave', 'Lake Shore Dr', 'Harbor Way', 'Research Pkwy', 'Union Sq'];
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
