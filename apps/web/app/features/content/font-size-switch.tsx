import { FONT_VARIANT_LABELS, FONT_VARIANTS, type FontVariant } from "@tongjian/domain/font-option";
import "./font-size-switch.css";

/** Spec §2 "The text size switches among small, middle and large". */
export function FontSizeSwitch({
  value,
  onChange,
}: {
  value: FontVariant;
  onChange: (variant: FontVariant) => void;
}) {
  return (
    <fieldset className="tj-font-switch" data-testid="font-switch">
      <legend>字号</legend>
      {FONT_VARIANTS.map((variant) => (
        <label key={variant} className="tj-font-switch__option" data-variant={variant}>
          <input
            type="radio"
            name="tj-article-font"
            value={variant}
            checked={value === variant}
            onChange={() => onChange(variant)}
            aria-label={`${FONT_VARIANT_LABELS[variant]}号字`}
          />
          <span aria-hidden="true">{FONT_VARIANT_LABELS[variant]}</span>
        </label>
      ))}
    </fieldset>
  );
}
