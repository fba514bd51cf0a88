import { useId } from 'react';
import { PLAN_FEATURES, formatWholeDollars, planDurationLabel, type Package } from '@bosphorus/contract';
import { CheckIcon } from '../../../components/ui/feature-icons';

// One plan of the list (spec §2 Choose plan, §9): title, whole-dollar price,
// duration with its unit, and the plan features. The card is the label of a
// radio input, so the plans form one radio group: arrow keys move between
// them on a keyboard or a TV remote, and the focus ring sits on the card.
// The (transparent) radio covers the whole card, so a tap or a click
// anywhere on it lands on the radio itself.

export function PlanCard({
  plan,
  checked,
  bestValue,
  invalid,
  errorId,
  onChoose,
}: {
  plan: Package;
  checked: boolean;
  bestValue: boolean;
  invalid: boolean;
  errorId: string;
  onChoose: (id: number) => void;
}) {
  const titleId = useId();
  const priceId = useId();
  const duration = planDurationLabel(plan.duration, plan.type);
  return (
    <label className={`plan-card${checked ? ' plan-card--selected' : ''}`}>
      <input
        type="radio"
        name="plan"
        value={plan.id}
        className="plan-card__input"
        checked={checked}
        onChange={() => onChoose(plan.id)}
        aria-labelledby={titleId}
        aria-describedby={invalid ? `${priceId} ${errorId}` : priceId}
        aria-invalid={invalid || undefined}
      />
      <span className="plan-card__top">
        <span className="plan-card__title" id={titleId}>
          {plan.title}
        </span>
        {bestValue && <span className="plan-card__badge">Best value</span>}
      </span>
      <span className="plan-card__price" id={priceId}>
        <span className="plan-card__amount">{formatWholeDollars(plan.amount)}</span>
        <span className="plan-card__duration"> for {duration}</span>
      </span>
      <ul className="plan-card__features" aria-label={`${plan.title} includes`}>
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>
            <CheckIcon className="icon plan-card__tick" />
            {feature}
          </li>
        ))}
      </ul>
      <span className="plan-card__choice" aria-hidden="true">
        <span className="plan-card__dot" />
        {checked ? 'Selected' : 'Choose'}
      </span>
    </label>
  );
}
