import { GUEST_PRIVACY_LEVELS, GUEST_RELATIONSHIPS, type GuestPrivacyLevel, type GuestRelationship } from "../../domain/enums";
import { SelectField } from "../../ui/fields";
import { PRIVACY_LEVEL_LABELS, RELATIONSHIP_LABELS } from "../../lib/labels";

interface GuestAudienceFieldsProps {
  relationship: GuestRelationship | "";
  onRelationshipChange: (relationship: GuestRelationship | "") => void;
  privacyLevel: GuestPrivacyLevel;
  onPrivacyLevelChange: (privacyLevel: GuestPrivacyLevel) => void;
}

/** A guest's relationship and privacy level (which circle of shared items they see), when inviting or editing them. */
export function GuestAudienceFields({ relationship, onRelationshipChange, privacyLevel, onPrivacyLevelChange }: GuestAudienceFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Relationship" value={relationship} onChange={(e) => onRelationshipChange(e.target.value as GuestRelationship | "")}>
        <option value="">Not set</option>
        {GUEST_RELATIONSHIPS.map((value) => (
          <option key={value} value={value}>
            {RELATIONSHIP_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Privacy level" value={privacyLevel} onChange={(e) => onPrivacyLevelChange(e.target.value as GuestPrivacyLevel)} hint="They see items shared with this circle or a wider one.">
        {GUEST_PRIVACY_LEVELS.map((value) => (
          <option key={value} value={value}>
            {PRIVACY_LEVEL_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
