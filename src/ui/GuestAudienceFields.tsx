import { GUEST_PRIVACY_LEVELS, GUEST_RELATIONSHIPS, type GuestPrivacyLevel, type GuestRelationship } from "../domain/enums";
import { circleSeesSentence, isSuggestedLevel, withRelationship, type GuestAudienceChoice } from "../domain/familyReach";
import { SelectField } from "./fields";
import { ITEM_PRIVACY_LEVEL_LABELS, PRIVACY_LEVEL_LABELS, RELATIONSHIP_LABELS } from "../lib/labels";

interface GuestAudienceFieldsProps {
  value: GuestAudienceChoice;
  onChange: (value: GuestAudienceChoice) => void;
  /** The levels this inviter may give (a guest inviting: their own or farther); all unless told. */
  allowed?: (level: GuestPrivacyLevel) => boolean;
  /** The empty relationship's option text. */
  noRelationship?: string;
}

/**
 * A guest's relationship and privacy level (which circle of shared items they see), when inviting
 * or editing them. Picking a relationship suggests its level until the level is picked by hand;
 * under the level, what that circle sees.
 */
export function GuestAudienceFields({ value, onChange, allowed = () => true, noRelationship = "Not set" }: GuestAudienceFieldsProps) {
  const suggestion = isSuggestedLevel(value) && value.relationship ? `Suggested for ${RELATIONSHIP_LABELS[value.relationship]}. ` : "";
  const sees = circleSeesSentence(value.privacyLevel, (level) => ITEM_PRIVACY_LEVEL_LABELS[level]);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Relationship" value={value.relationship} onChange={(e) => onChange(withRelationship(value, e.target.value as GuestRelationship | "", allowed))}>
        <option value="">{noRelationship}</option>
        {GUEST_RELATIONSHIPS.map((relationship) => (
          <option key={relationship} value={relationship}>
            {RELATIONSHIP_LABELS[relationship]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Privacy level"
        value={value.privacyLevel}
        onChange={(e) => onChange({ ...value, privacyLevel: e.target.value as GuestPrivacyLevel, levelChosen: true })}
        hint={`${suggestion}${sees}`}
      >
        {GUEST_PRIVACY_LEVELS.filter(allowed).map((level) => (
          <option key={level} value={level}>
            {PRIVACY_LEVEL_LABELS[level]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
