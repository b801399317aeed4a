import { describe, expect, it } from 'vitest';
import { planPackage, type ListedFile } from './packagePlan.ts';
import type { PackageHeading } from './packageTypes.ts';

const heading: PackageHeading = {
  record: 'Run step 3 · Torque',
  serial: null,
  part: null,
  procedure: null,
  madeBy: 'Taylor',
  madeAt: '2026-11-29T12:00:00.000Z',
};

const file = (id: number, filename: string): ListedFile => ({ id, filename });

describe('planPackage', () => {
  it("puts a run step's own files and then its fields' at the top, named for their field, in field order", () => {
    const plan = planPackage({
      heading,
      zipName: 'step.zip',
      own: [file(9, 'overview.jpg'), file(4, 'torque.jpg')],
      ownFields: [
        { name: 'Torque photo', position: 2, files: [file(7, 'torque.jpg')] },
        { name: 'CMM report', position: 1, files: [file(8, 'cmm.pdf'), file(5, 'cmm.pdf')] },
      ],
    });
    expect(plan.files.map((f) => [f.attachmentId, f.zipPath, f.step, f.field])).toEqual([
      [4, 'torque.jpg', null, null],
      [9, 'overview.jpg', null, null],
      [5, 'CMM report - cmm.pdf', null, 'CMM report'],
      [8, 'CMM report - cmm (2).pdf', null, 'CMM report'],
      [7, 'Torque photo - torque.jpg', null, 'Torque photo'],
    ]);
  });

  it("puts a run's steps in numbered folders, each step's fields' files inside, the run's own at the top", () => {
    const plan = planPackage({
      heading,
      zipName: 'run.zip',
      own: [file(1, 'traveller.pdf')],
      steps: [
        { title: 'Inspect', position: 2, files: [file(3, 'torque.jpg')], fields: [] },
        {
          title: 'Machine: per program',
          position: 1,
          files: [file(2, 'torque.jpg')],
          fields: [{ name: 'Torque photo', files: [file(6, 'photo.jpg')] }],
        },
      ],
    });
    expect(plan.files.map((f) => f.zipPath)).toEqual([
      'traveller.pdf',
      '01 Machine_ per program/torque.jpg',
      '01 Machine_ per program/Torque photo - photo.jpg',
      '02 Inspect/torque.jpg',
    ]);
  });
});
