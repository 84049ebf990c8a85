import { HOSPITAL_BAG_OWNERS } from "../../domain/enums";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { formatDateOnly } from "../../lib/format";
import { PrintPage, type HealthPregnancy, type HealthScope } from "./HealthToolPage";
import { HEALTH_PAGE_MESSAGES, HOSPITAL_BAG_MESSAGES } from "./messages";
import { useHospitalBagItems } from "./useHospitalBag";
import { bagProgress, HOSPITAL_BAG_LABELS, progressLabel } from "../../domain/hospitalBag";

/** /health/hospital-bag/print: the three lists with a box to tick on paper, packed ones ticked already. */
export function HospitalBagPrintPage() {
  return (
    <PrintPage title={HOSPITAL_BAG_MESSAGES.printTitle} back={{ to: "/health/hospital-bag", label: HOSPITAL_BAG_MESSAGES.backToBag }}>
      {(scope, pregnancy) => <HospitalBagSheet key={scope.pregnancyId} scope={scope} pregnancy={pregnancy} />}
    </PrintPage>
  );
}

function HospitalBagSheet({ scope, pregnancy }: { scope: HealthScope; pregnancy: HealthPregnancy }) {
  const items = useHospitalBagItems(scope);
  if (items.isPending) return <Spinner label={HOSPITAL_BAG_MESSAGES.loading} showLabel />;
  if (items.isError) return <LoadError title={HOSPITAL_BAG_MESSAGES.loadFailed} onRetry={() => void items.refetch()} busy={items.isFetching} />;
  const progress = bagProgress(items.data);

  return (
    <div className="flex flex-col gap-6">
      <header className="border-b-2 border-foreground pb-4">
        <h1 className="text-3xl font-bold">{HOSPITAL_BAG_MESSAGES.printTitle}</h1>
        <p className="mt-1 text-xl">{pregnancy.title}</p>
        <p className="mt-1">
          <strong>{HEALTH_PAGE_MESSAGES.dueDate}:</strong> {formatDateOnly(pregnancy.dueDate)}
        </p>
        <p>
          <strong>{HOSPITAL_BAG_MESSAGES.overall}:</strong> {progressLabel(progress.overall)}
        </p>
      </header>
      {HOSPITAL_BAG_OWNERS.map((owner) => {
        const list = items.data.filter((item) => item.owner === owner);
        return (
          <section key={owner} className="break-inside-avoid">
            <h2 className="mb-2 flex flex-wrap items-baseline justify-between gap-2 border-b border-border pb-1 text-xl font-bold">
              {HOSPITAL_BAG_LABELS[owner]}
              <span className="text-base font-normal">{progressLabel(progress[owner])}</span>
            </h2>
            {list.length === 0 ? (
              <p>{HOSPITAL_BAG_MESSAGES.emptyList}</p>
            ) : (
              <ul className="gap-x-8 sm:columns-2 print:columns-2">
                {list.map((item) => (
                  <li key={item.id} className="flex break-inside-avoid items-start gap-2 py-1">
                    <span aria-hidden="true" className="font-sans text-lg leading-6">
                      {item.isPacked ? "☑" : "☐"}
                    </span>
                    <span>
                      {item.name}
                      <span className="sr-only"> ({item.isPacked ? HOSPITAL_BAG_MESSAGES.packed : HOSPITAL_BAG_MESSAGES.notPacked})</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
