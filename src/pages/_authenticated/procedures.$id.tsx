import { createFileRoute } from '@tanstack/react-router';
import { recordRoute } from '../-components/recordRoute.tsx';

export const Route = createFileRoute('/_authenticated/procedures/$id')(recordRoute('procedure'));
