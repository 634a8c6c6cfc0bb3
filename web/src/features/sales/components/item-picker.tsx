import type { AvailabilityBody } from '@garage/contracts';
import { formatPrice, pluralize } from '@/lib/format';
import { Spinner } from '@/components/ui/spinner';
import { useItemAvailability } from '../api/get-item-availability';

interface ItemPickerProps {
  saleWindow: AvailabilityBody | null;
  selected: ReadonlySet<number>;
  onToggle: (itemId: number) => void;
}

/**
 * The host's existing items to put into the sale. Items that are busy elsewhere at the same time
 * carry the reason, yet stay selectable: the host may be about to move them (spec section 2).
 */
export function ItemPicker({ saleWindow, selected, onToggle }: ItemPickerProps) {
  const availability = useItemAvailability(saleWindow);
  const items = availability.data ?? [];

  return (
    <fieldset className="rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-base font-semibold text-gray-900">Add Existing Items (optional)</legend>
      <p className="mb-3 text-sm text-gray-700">
        Pick items you have already listed. Items busy in another sale at the same time are marked, but you can still select them.
      </p>
      {saleWindow === null ? (
        <p className="text-sm text-gray-700">Choose the dates and times above to check which of your items are available.</p>
      ) : availability.isPending ? (
        <Spinner label="Checking item availability..." className="py-6" />
      ) : availability.isError ? (
        <p className="text-sm text-red-700">Could not check your items right now. You can add them to the sale later.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-gray-700">You have no unsold items yet. You can add items after creating the sale.</p>
      ) : (
        <>
          <p className="mb-2 text-sm font-medium text-gray-800" aria-live="polite">
            {pluralize(selected.size, 'item')} selected
          </p>
          <ul className="max-h-96 space-y-2 overflow-y-auto pr-1" aria-label="Your items">
            {items.map((item) => {
              const id = `pick-item-${item.id}`;
              return (
                <li
                  key={item.id}
                  className={`rounded-md border p-3 ${item.is_available ? 'border-gray-200' : 'border-amber-300 bg-amber-50'}`}
                >
                  <div className="flex items-start gap-3">
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-1 h-4 w-4 accent-blue-700"
                      checked={selected.has(item.id)}
                      onChange={() => onToggle(item.id)}
                      aria-describedby={item.conflict_reason ? `${id}-reason` : undefined}
                    />
                    {item.image_urls[0] ? (
                      <img src={item.image_urls[0]} alt="" loading="lazy" className="h-12 w-12 rounded object-cover" />
                    ) : null}
                    <div className="min-w-0 flex-1">
                      <label htmlFor={id} className="block font-medium text-gray-900">
                        {item.title}
                      </label>
                      <p className="text-sm text-gray-700">
                        {formatPrice(item.price)} · {item.category}
                        {item.sale_title ? ` · Currently in: ${item.sale_title}` : ''}
                      </p>
                      {!item.is_available && (
                        <p id={`${id}-reason`} className="mt-1 text-sm text-amber-900">
                          <span className="font-semibold">Unavailable:</span>{' '}
                          {item.conflict_reason ?? 'Scheduled in another sale at this time'}
                        </p>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </fieldset>
  );
}
