import { useQuery } from '@tanstack/react-query';
import type { AdminDonation, AdminOrder } from '#contract/admin.ts';
import type { Subscriber } from '#contract/newsletter.ts';
import type { SurveyAggregates } from '#contract/survey.ts';
import { api } from '#web/shared/http.ts';
import { adminKeys } from './get-admin-me.ts';

export const useSubscribers = () =>
  useQuery({
    queryKey: adminKeys.subscribers(),
    queryFn: () => api<Subscriber[]>('/api/admin/subscribers/'),
  });

export const useDonations = () =>
  useQuery({ queryKey: adminKeys.donations(), queryFn: () => api<AdminDonation[]>('/api/admin/donations/') });

export const useOrders = () =>
  useQuery({ queryKey: adminKeys.orders(), queryFn: () => api<AdminOrder[]>('/api/admin/orders/') });

export const useSurveyResults = () =>
  useQuery({ queryKey: adminKeys.survey(), queryFn: () => api<SurveyAggregates>('/api/admin/survey/') });
