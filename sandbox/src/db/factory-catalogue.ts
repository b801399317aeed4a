/**
 * The hand-written part of the seed: a small aerospace machine shop with real-looking part numbers,
 * procedures with steps (and the data fields a run of each step records) and runs in every state.
 * Over 400 lines for a reason: it is data, one table a kind of record, read top to bottom like a
 * shop's catalogue; split up, a procedure's steps would stand apart from the runs made of them.
 */
export type PartType = 'PART' | 'TOOL';
export type TrackingType = 'SERIAL' | 'LOT';
export type Sourcing = 'MAKE' | 'BUY' | 'DUAL_SOURCE';

export interface CataloguePart {
  partNumber: string;
  revision: string;
  description: string;
  partType: PartType;
  trackingType: TrackingType;
  sourcing: Sourcing;
  cost: number;
  leadTime: number;
}

export const CATALOGUE_PARTS: readonly CataloguePart[] = [
  {
    partNumber: 'BRKT-0001',
    revision: 'C',
    description: 'Bracket, engine mount, 6061-T6',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'MAKE',
    cost: 184.5,
    leadTime: 10,
  },
  {
    partNumber: 'BRKT-0002',
    revision: 'B',
    description: 'Bracket, avionics tray, 7075-T73',
    partType: 'PART',
    trackingType: 'LOT',
    sourcing: 'MAKE',
    cost: 96.2,
    leadTime: 8,
  },
  {
    partNumber: 'HSG-0104',
    revision: 'A',
    description: 'Housing, turbopump bearing, Inconel 718',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'MAKE',
    cost: 2450,
    leadTime: 35,
  },
  {
    partNumber: 'FTG-0210',
    revision: 'B',
    description: 'Fitting, AN6 flared, 316 stainless',
    partType: 'PART',
    trackingType: 'LOT',
    sourcing: 'BUY',
    cost: 12.75,
    leadTime: 14,
  },
  {
    partNumber: 'HRN-3001',
    revision: 'C',
    description: 'Harness, flight computer to IMU, 22 AWG',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'MAKE',
    cost: 610,
    leadTime: 12,
  },
  {
    partNumber: 'VLV-0420',
    revision: 'A',
    description: 'Valve, solenoid, 2-way normally closed, 28 VDC',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'BUY',
    cost: 1320,
    leadTime: 42,
  },
  {
    partNumber: 'FAS-1001',
    revision: 'A',
    description: 'Bolt, hex head, NAS6604-12, titanium',
    partType: 'PART',
    trackingType: 'LOT',
    sourcing: 'BUY',
    cost: 4.1,
    leadTime: 21,
  },
  {
    partNumber: 'SEAL-0033',
    revision: 'B',
    description: 'O-ring, AS568-214, Viton',
    partType: 'PART',
    trackingType: 'LOT',
    sourcing: 'DUAL_SOURCE',
    cost: 0.85,
    leadTime: 7,
  },
  {
    partNumber: 'PCB-0550',
    revision: 'C',
    description: 'PCBA, power distribution unit, rev C layout',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'BUY',
    cost: 875,
    leadTime: 28,
  },
  {
    partNumber: 'TANK-0010',
    revision: 'A',
    description: 'Tank, COPV, 6.8 L, 4500 psi',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'BUY',
    cost: 9800,
    leadTime: 90,
  },
  {
    partNumber: 'ASM-1000',
    revision: 'B',
    description: 'Assembly, avionics tray, flight configuration',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'MAKE',
    cost: 5400,
    leadTime: 20,
  },
  {
    partNumber: 'ASM-2000',
    revision: 'A',
    description: 'Assembly, propellant feed line, LOX side',
    partType: 'PART',
    trackingType: 'SERIAL',
    sourcing: 'MAKE',
    cost: 3150,
    leadTime: 18,
  },
  {
    partNumber: 'TL-0001',
    revision: 'A',
    description: 'Torque wrench, 20-100 in-lb, calibrated',
    partType: 'TOOL',
    trackingType: 'SERIAL',
    sourcing: 'BUY',
    cost: 410,
    leadTime: 5,
  },
  {
    partNumber: 'TL-0002',
    revision: 'B',
    description: 'Crimp tool, open barrel, 20-26 AWG',
    partType: 'TOOL',
    trackingType: 'SERIAL',
    sourcing: 'BUY',
    cost: 265,
    leadTime: 5,
  },
  {
    partNumber: 'TL-0003',
    revision: 'A',
    description: 'Fixture, drill, bracket engine mount',
    partType: 'TOOL',
    trackingType: 'SERIAL',
    sourcing: 'MAKE',
    cost: 1200,
    leadTime: 15,
  },
  {
    partNumber: 'GSKT-0201',
    revision: 'A',
    description: 'Gasket, flange, 2 in, PTFE',
    partType: 'PART',
    trackingType: 'LOT',
    sourcing: 'DUAL_SOURCE',
    cost: 6.4,
    leadTime: 10,
  },
];

export type FieldType =
  'STRING' | 'NUMBER' | 'BOOLEAN' | 'SELECT' | 'DATETIME' | 'SIGNOFF' | 'FILE_ATTACHMENT';

export interface CatalogueField {
  name: string;
  type: FieldType;
  unit?: string;
  required: boolean;
  helpText?: string;
  /** The choices of a SELECT field. */
  options?: string[];
  /** Value recorded on run steps that are complete. */
  value: string | number | boolean | null;
}

export interface CatalogueStep {
  title: string;
  content: string;
  type: 'CONTENT' | 'DATAGRID';
  fields: CatalogueField[];
}

export interface CatalogueProcedure {
  title: string;
  type: 'BUILD' | 'INSPECTION' | 'MAINTENANCE';
  status: 'DRAFT' | 'RELEASED' | 'ARCHIVED' | 'IN_REVIEW';
  version: number;
  description: string;
  /** Part numbers this procedure builds, inspects or maintains. */
  parts: string[];
  steps: CatalogueStep[];
}

const signoff = (name: string): CatalogueField => ({
  name,
  type: 'SIGNOFF',
  required: true,
  value: 'Taylor Technician',
});

export const CATALOGUE_PROCEDURES: readonly CatalogueProcedure[] = [
  {
    title: 'Machine engine mount bracket',
    type: 'BUILD',
    status: 'RELEASED',
    version: 3,
    description: 'CNC machining, deburr and inspection of BRKT-0001 from 6061-T6 plate.',
    parts: ['BRKT-0001'],
    steps: [
      {
        title: 'Verify material certification',
        content: 'Check the mill cert against the PO: alloy 6061, temper T6, heat number recorded.',
        type: 'CONTENT',
        fields: [
          {
            name: 'Heat number',
            type: 'STRING',
            required: true,
            helpText: 'From the mill certificate',
            value: 'H-88231',
          },
          { name: 'Cert attached', type: 'BOOLEAN', required: true, value: true },
        ],
      },
      {
        title: 'Machine per program BRKT-0001-C.nc',
        content: 'Load fixture TL-0003, zero on datum A, run the program, keep chips clear of the probe.',
        type: 'CONTENT',
        fields: [
          { name: 'Spindle hours', type: 'NUMBER', unit: 'h', required: false, value: 1.8 },
          { name: 'Program revision', type: 'STRING', required: true, value: 'C' },
        ],
      },
      {
        title: 'Deburr and break edges',
        content: 'Break all sharp edges 0.010-0.020 in. No burrs in bore B.',
        type: 'CONTENT',
        fields: [signoff('Deburr sign-off')],
      },
      {
        title: 'Dimensional inspection',
        content: 'Measure bore B and hole pattern on the CMM; attach the CMM report.',
        type: 'DATAGRID',
        fields: [
          {
            name: 'Bore B diameter',
            type: 'NUMBER',
            unit: 'mm',
            required: true,
            helpText: '25.400 +0.025/-0.000',
            value: 25.412,
          },
          {
            name: 'Hole position',
            type: 'NUMBER',
            unit: 'mm',
            required: true,
            helpText: 'True position 0.05',
            value: 0.021,
          },
          { name: 'CMM report', type: 'FILE_ATTACHMENT', required: true, value: null },
          {
            name: 'Part photo',
            type: 'FILE_ATTACHMENT',
            required: true,
            helpText: 'Whole part on the granite table, datum A face up',
            value: null,
          },
          {
            name: 'Bore B close-up',
            type: 'FILE_ATTACHMENT',
            required: false,
            helpText: 'Only when the bore shows tool marks',
            value: null,
          },
        ],
      },
    ],
  },
  {
    title: 'Receiving inspection',
    type: 'INSPECTION',
    status: 'RELEASED',
    version: 5,
    description: 'Incoming inspection of purchased parts: paperwork, count, visual and sampling.',
    parts: ['FTG-0210', 'VLV-0420', 'FAS-1001', 'SEAL-0033', 'PCB-0550', 'TANK-0010', 'GSKT-0201'],
    steps: [
      {
        title: 'Check packing slip and CoC',
        content: 'Match packing slip, PO line and certificate of conformance.',
        type: 'CONTENT',
        fields: [
          { name: 'PO number', type: 'STRING', required: true, value: 'PO-24-0187' },
          { name: 'CoC present', type: 'BOOLEAN', required: true, value: true },
        ],
      },
      {
        title: 'Count and visual inspection',
        content: 'Count units; inspect for shipping damage, corrosion and contamination.',
        type: 'CONTENT',
        fields: [
          { name: 'Quantity received', type: 'NUMBER', unit: 'ea', required: true, value: 50 },
          {
            name: 'Visual result',
            type: 'SELECT',
            required: true,
            options: ['Accept', 'Rework', 'Reject'],
            value: 'Accept',
          },
        ],
      },
      {
        title: 'Photograph and release to stock',
        content: 'Photograph labels and the part, then move to stock location RCV-2.',
        type: 'CONTENT',
        fields: [
          { name: 'Label photo', type: 'FILE_ATTACHMENT', required: false, value: null },
          signoff('Inspector'),
        ],
      },
    ],
  },
  {
    title: 'Build flight computer harness',
    type: 'BUILD',
    status: 'RELEASED',
    version: 2,
    description: 'Cut, strip, crimp, route and test HRN-3001.',
    parts: ['HRN-3001'],
    steps: [
      {
        title: 'Cut and label wires',
        content: 'Cut wires per the cut list; apply heat-shrink labels 25 mm from each end.',
        type: 'CONTENT',
        fields: [{ name: 'Wire lot', type: 'STRING', required: true, value: 'W22-3391' }],
      },
      {
        title: 'Crimp contacts',
        content: 'Crimp with TL-0002; pull-test one sample contact per reel.',
        type: 'CONTENT',
        fields: [
          {
            name: 'Pull test force',
            type: 'NUMBER',
            unit: 'N',
            required: true,
            helpText: 'Minimum 36 N',
            value: 48.5,
          },
          { name: 'Crimp tool id', type: 'STRING', required: true, value: 'TL-0002 SN 114' },
        ],
      },
      {
        title: 'Continuity and hipot test',
        content: 'Run test program HRN-3001-T; attach the tester log.',
        type: 'DATAGRID',
        fields: [
          { name: 'Insulation resistance', type: 'NUMBER', unit: 'MOhm', required: true, value: 550 },
          { name: 'Tester log', type: 'FILE_ATTACHMENT', required: true, value: null },
          signoff('Test sign-off'),
        ],
      },
    ],
  },
  {
    title: 'Avionics tray final assembly',
    type: 'BUILD',
    status: 'RELEASED',
    version: 4,
    description: 'Integrate brackets, PDU and harness into ASM-1000.',
    parts: ['ASM-1000', 'BRKT-0002', 'PCB-0550', 'HRN-3001'],
    steps: [
      {
        title: 'Install brackets',
        content: 'Install BRKT-0002 x4 with FAS-1001; torque to 45 in-lb with TL-0001.',
        type: 'CONTENT',
        fields: [
          { name: 'Torque applied', type: 'NUMBER', unit: 'in-lb', required: true, value: 45 },
          { name: 'Torque wrench id', type: 'STRING', required: true, value: 'TL-0001 SN 207' },
        ],
      },
      {
        title: 'Mount PDU',
        content: 'Mount PCB-0550 on standoffs; verify no contact with chassis.',
        type: 'CONTENT',
        fields: [{ name: 'PDU serial', type: 'STRING', required: true, value: 'PDU-0192' }],
      },
      {
        title: 'Route harness',
        content: 'Route HRN-3001 along the tray; tie every 100 mm; bend radius at least 10x diameter.',
        type: 'CONTENT',
        fields: [{ name: 'Harness serial', type: 'STRING', required: true, value: 'HRN-3001-0045' }],
      },
      {
        title: 'Power-on test',
        content: 'Apply 28 VDC through the current-limited supply; record current draw.',
        type: 'DATAGRID',
        fields: [
          {
            name: 'Current draw',
            type: 'NUMBER',
            unit: 'A',
            required: true,
            helpText: 'Expected 1.2-1.6 A',
            value: 1.38,
          },
          { name: 'Test date', type: 'DATETIME', required: true, value: '2026-10-02T14:20:00.000Z' },
          signoff('QA sign-off'),
        ],
      },
    ],
  },
  {
    title: 'Calibrate torque wrench',
    type: 'MAINTENANCE',
    status: 'RELEASED',
    version: 1,
    description: 'Quarterly calibration of torque tools against the bench transducer.',
    parts: ['TL-0001'],
    steps: [
      {
        title: 'Check at 20%, 60% and 100% of range',
        content: 'Five readings at each point; all within 4% of setting.',
        type: 'DATAGRID',
        fields: [
          { name: 'Reading at 20%', type: 'NUMBER', unit: 'in-lb', required: true, value: 20.3 },
          { name: 'Reading at 60%', type: 'NUMBER', unit: 'in-lb', required: true, value: 59.6 },
          { name: 'Reading at 100%', type: 'NUMBER', unit: 'in-lb', required: true, value: 100.8 },
        ],
      },
      {
        title: 'Apply calibration label',
        content: 'Label with the due date; attach the calibration certificate.',
        type: 'CONTENT',
        fields: [
          { name: 'Calibration certificate', type: 'FILE_ATTACHMENT', required: true, value: null },
          signoff('Metrology'),
        ],
      },
    ],
  },
  {
    title: 'Leak test propellant feed line',
    type: 'INSPECTION',
    status: 'IN_REVIEW',
    version: 1,
    description: 'Helium leak test of ASM-2000 at MEOP.',
    parts: ['ASM-2000', 'FTG-0210', 'SEAL-0033'],
    steps: [
      {
        title: 'Pressurise to MEOP',
        content: 'Pressurise with helium to 450 psig in 50 psi increments; hold 5 minutes.',
        type: 'CONTENT',
        fields: [{ name: 'Pressure', type: 'NUMBER', unit: 'psig', required: true, value: 451 }],
      },
      {
        title: 'Sniff all joints',
        content: 'Sniff every fitting and weld; record the highest reading.',
        type: 'CONTENT',
        fields: [
          {
            name: 'Max leak rate',
            type: 'NUMBER',
            unit: 'scc/s',
            required: true,
            helpText: 'Limit 1e-6',
            value: 2e-7,
          },
          signoff('Test conductor'),
        ],
      },
    ],
  },
];

export type RunStatus = 'TODO' | 'IN_PROGRESS' | 'COMPLETE' | 'HOLD' | 'FAILED' | 'CANCELED';

export interface CatalogueRun {
  /** Index into CATALOGUE_PROCEDURES. */
  procedure: number;
  partNumber: string;
  title: string;
  status: RunStatus;
  quantity: number;
  dueDate: string;
  description: string;
  /** The unit or lot the run builds, receives or maintains (ION keeps them on the run's part inventory). */
  serialNumber?: string;
  lotNumber?: string;
}

export const CATALOGUE_RUNS: readonly CatalogueRun[] = [
  {
    procedure: 0,
    partNumber: 'BRKT-0001',
    title: 'BRKT-0001 Rev C, SN 0041',
    status: 'IN_PROGRESS',
    quantity: 1,
    dueDate: '2026-12-04T17:00:00.000Z',
    description: 'Flight unit for vehicle 7.',
    serialNumber: 'SN 0041',
  },
  {
    procedure: 1,
    partNumber: 'FTG-0210',
    title: 'Receiving: FTG-0210 lot 24-117',
    status: 'COMPLETE',
    quantity: 50,
    dueDate: '2026-11-10T17:00:00.000Z',
    description: 'PO-24-0187 from Western Fittings.',
    lotNumber: '24-117',
  },
  {
    procedure: 2,
    partNumber: 'HRN-3001',
    title: 'HRN-3001 Rev C, SN 0045',
    status: 'TODO',
    quantity: 1,
    dueDate: '2026-12-12T17:00:00.000Z',
    description: 'Harness for avionics tray SN 0012.',
    serialNumber: 'SN 0045',
  },
  {
    procedure: 3,
    partNumber: 'ASM-1000',
    title: 'ASM-1000 Rev B, SN 0012',
    status: 'HOLD',
    quantity: 1,
    dueDate: '2026-12-20T17:00:00.000Z',
    description: 'On hold: waiting for PDU rework.',
    serialNumber: 'SN 0012',
  },
  {
    procedure: 4,
    partNumber: 'TL-0001',
    title: 'Calibration TL-0001 SN 207, Q4',
    status: 'COMPLETE',
    quantity: 1,
    dueDate: '2026-10-31T17:00:00.000Z',
    description: 'Quarterly calibration.',
    serialNumber: 'SN 207',
  },
  {
    procedure: 0,
    partNumber: 'BRKT-0001',
    title: 'BRKT-0001 Rev C, SN 0042',
    status: 'FAILED',
    quantity: 1,
    dueDate: '2026-12-04T17:00:00.000Z',
    description: 'Bore B oversize; NCR-0311 raised.',
    serialNumber: 'SN 0042',
  },
  {
    procedure: 1,
    partNumber: 'VLV-0420',
    title: 'Receiving: VLV-0420 SN 1187-1190',
    status: 'IN_PROGRESS',
    quantity: 4,
    dueDate: '2026-11-28T17:00:00.000Z',
    description: 'PO-24-0201.',
    lotNumber: '1187-1190',
  },
  {
    procedure: 5,
    partNumber: 'ASM-2000',
    title: 'Leak test ASM-2000 SN 0003',
    status: 'TODO',
    quantity: 1,
    dueDate: '2027-01-08T17:00:00.000Z',
    description: 'First article.',
    serialNumber: 'SN 0003',
  },
  {
    procedure: 1,
    partNumber: 'SEAL-0033',
    title: 'Receiving: SEAL-0033 lot 24-131',
    status: 'CANCELED',
    quantity: 500,
    dueDate: '2026-11-05T17:00:00.000Z',
    description: 'Wrong compound shipped; returned to vendor.',
    lotNumber: '24-131',
  },
  {
    procedure: 3,
    partNumber: 'ASM-1000',
    title: 'ASM-1000 Rev B, SN 0013',
    status: 'TODO',
    quantity: 1,
    dueDate: '2027-01-15T17:00:00.000Z',
    description: 'Second flight tray.',
    serialNumber: 'SN 0013',
  },
];

/** The vendor's part number of the catalogue parts that are bought. */
export const SUPPLIER_PART_NUMBERS: Readonly<Record<string, string>> = {
  'FTG-0210': 'MS21902-6',
  'VLV-0420': 'SV-2NC-28D-04',
  'FAS-1001': 'NAS6604-12',
  'SEAL-0033': '2-214-V75',
  'PCB-0550': 'PDU550-C',
  'TANK-0010': 'COPV-068-45',
  'TL-0001': 'QD2R100',
  'TL-0002': 'CT-2026-OB',
  'GSKT-0201': 'GF-200-PTFE',
};

/** Building blocks for generated parts beyond the catalogue (for paging and performance work). */
export const GENERATED_FAMILIES: readonly {
  prefix: string;
  noun: string;
  partType: PartType;
  tracking: TrackingType;
}[] = [
  { prefix: 'BRKT', noun: 'Bracket', partType: 'PART', tracking: 'LOT' },
  { prefix: 'PLT', noun: 'Plate', partType: 'PART', tracking: 'LOT' },
  { prefix: 'SPCR', noun: 'Spacer', partType: 'PART', tracking: 'LOT' },
  { prefix: 'FTG', noun: 'Fitting', partType: 'PART', tracking: 'LOT' },
  { prefix: 'HSG', noun: 'Housing', partType: 'PART', tracking: 'SERIAL' },
  { prefix: 'SHFT', noun: 'Shaft', partType: 'PART', tracking: 'SERIAL' },
  { prefix: 'CBL', noun: 'Cable assembly', partType: 'PART', tracking: 'SERIAL' },
  { prefix: 'FAS', noun: 'Screw', partType: 'PART', tracking: 'LOT' },
  { prefix: 'WSHR', noun: 'Washer', partType: 'PART', tracking: 'LOT' },
  { prefix: 'CLMP', noun: 'Clamp', partType: 'PART', tracking: 'LOT' },
  { prefix: 'TL', noun: 'Fixture', partType: 'TOOL', tracking: 'SERIAL' },
  { prefix: 'GAGE', noun: 'Gage', partType: 'TOOL', tracking: 'SERIAL' },
];

export const GENERATED_QUALIFIERS: readonly string[] = [
  'engine mount',
  'avionics tray',
  'LOX feed',
  'fuel feed',
  'thrust frame',
  'nose cone',
  'interstage',
  'battery box',
  'antenna',
  'landing leg',
];

export const GENERATED_MATERIALS: readonly string[] = [
  '6061-T6',
  '7075-T73',
  '304 stainless',
  '316 stainless',
  'Ti-6Al-4V',
  'Inconel 718',
  'PEEK',
  'A286',
];
