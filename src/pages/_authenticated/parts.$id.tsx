import { createFileRoute } from '@tanstack/react-router';
import { recordRoute } from '../../features/record-view/index.ts';

export const Route = createFileRoute('/_authenticated/parts/$id')(recordRoute('part'));
