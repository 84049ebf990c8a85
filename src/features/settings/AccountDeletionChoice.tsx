import { ACCOUNT_DELETION_PHOTO_CHOICES, ACCOUNT_DELETION_REMOVES, type AccountDeletionPhotos } from "../../domain/accountDeletion";
import { RadioCards } from "../../ui/RadioCards";

/**
 * In the Delete account dialog: what happens to the photos the account uploaded (kept in the
 * families' albums as a former member's, or deleted), then exactly what goes for that choice.
 */
export function AccountDeletionChoice({ value, onChange }: { value: AccountDeletionPhotos; onChange: (value: AccountDeletionPhotos) => void }) {
  return (
    <div className="flex flex-col gap-4">
      <RadioCards legend="The photos you uploaded" showLegend value={value} onChange={onChange} options={ACCOUNT_DELETION_PHOTO_CHOICES} />
      <div className="flex flex-col gap-2 text-sm">
        <p>Deleting your account removes, for good:</p>
        <ul className="list-disc pl-5">
          {ACCOUNT_DELETION_REMOVES[value].map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
