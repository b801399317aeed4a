/** What a parts row shows: a part of the list's page, or one kept on this tablet. */
export interface PartRow {
  id: number;
  partNumber: string;
  revision: string;
  description?: string | null;
  partType: string;
}
