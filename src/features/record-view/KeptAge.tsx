import { useKeptRecordTime } from '../../graphql/keptRecordsContext.tsx';
import { KeptNote, type KeptReason } from '../../components/KeptNote.tsx';
import { recordKindInfo, type RecordKind } from '../../records/recordKinds.ts';

/**
 * How old what a record page shows is, when it is not known to be current (offline, the server cannot
 * be reached, the last refresh failed, or the server has not answered yet): "Offline · saved 12 min
 * ago". Nothing for a record this tablet never kept.
 */
export function KeptAge({ kind, id, reason }: { kind: RecordKind; id: number; reason: KeptReason }) {
  const savedAt = useKeptRecordTime(recordKindInfo(kind).typename, id);
  if (savedAt === undefined) return null;
  return <KeptNote savedAt={savedAt} reason={reason} />;
}
