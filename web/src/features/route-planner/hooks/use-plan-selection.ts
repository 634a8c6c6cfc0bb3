import { useCallback, useSyncExternalStore } from 'react';
import { ROUTE_PLAN_MAX_SALES } from '@garage/contracts/constants';
import type { Sale } from '@garage/contracts';
import { useUser } from '@/lib/auth';

/** What the planner shows of a picked sale before it is planned (a snapshot taken when it was added). */
export type PlanSale = Pick<Sale, 'id' | 'title' | 'city' | 'state' | 'start_date' | 'end_date' | 'start_time' | 'end_time'>;

/**
 * The sales picked for the next route plan, kept in local storage per user so the pick survives
 * reloads and tabs (the "Add to plan" buttons on cards, popups and sale pages all write here).
 */
const keyOf = (userId: number) => `garage.routePlan.selection.${userId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: PlanSale[] }>();
const EMPTY: PlanSale[] = [];

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isPlanSale(value: unknown): value is PlanSale {
  const sale = value as PlanSale;
  return typeof sale === 'object' && sale !== null && Number.isInteger(sale.id) && typeof sale.title === 'string';
}

/** The stored list, parsed once per stored string so useSyncExternalStore sees a stable value. */
export function readSelection(userId: number | null): PlanSale[] {
  if (userId === null) return EMPTY;
  const key = keyOf(userId);
  const raw = storage()?.getItem(key) ?? null;
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.value;
  let value: PlanSale[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) value = parsed.filter(isPlanSale).slice(0, ROUTE_PLAN_MAX_SALES);
  } catch {
    value = EMPTY; // a damaged entry starts the pick afresh
  }
  cache.set(key, { raw, value });
  return value;
}

function writeSelection(userId: number, sales: PlanSale[]): void {
  storage()?.setItem(keyOf(userId), JSON.stringify(sales));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the pick.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('garage.routePlan.selection.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(sale: PlanSale): PlanSale {
  const { id, title, city, state, start_date, end_date, start_time, end_time } = sale;
  return { id, title, city, state, start_date, end_date, start_time, end_time };
}

export interface PlanSelection {
  sales: PlanSale[];
  has: (id: number) => boolean;
  full: boolean;
  add: (sale: PlanSale) => void;
  remove: (id: number) => void;
  clear: () => void;
}

export function usePlanSelection(): PlanSelection {
  const userId = useUser()?.id ?? null;
  const sales = useSyncExternalStore(
    subscribe,
    () => readSelection(userId),
    () => EMPTY,
  );
  const add = useCallback(
    (sale: PlanSale) => {
      if (userId === null) return;
      const current = readSelection(userId);
      if (current.some((entry) => entry.id === sale.id) || current.length >= ROUTE_PLAN_MAX_SALES) return;
      writeSelection(userId, [...current, snapshot(sale)]);
    },
    [userId],
  );
  const remove = useCallback(
    (id: number) => {
      if (userId !== null)
        writeSelection(
          userId,
          readSelection(userId).filter((entry) => entry.id !== id),
        );
    },
    [userId],
  );
  const clear = useCallback(() => {
    if (userId !== null) writeSelection(userId, []);
  }, [userId]);
  return {
    sales,
    has: (id) => sales.some((sale) => sale.id === id),
    full: sales.length >= ROUTE_PLAN_MAX_SALES,
    add,
    remove,
    clear,
  };
}
