import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, forwardRef, useRef, useState, type ReactElement, type Ref } from 'react';

type Handler = (event: never) => void;
type TargetProps = { ref?: Ref<HTMLElement> } & Record<string, unknown>;

/** The tooltip's own props; anything else given to it (e.g. by Popover.Target) goes to its target. */
const TOOLTIP_KEYS = [
  'label',
  'position',
  'withArrow',
  'multiline',
  'maw',
  'w',
  'events',
  'disabled',
  'openDelay',
  'closeDelay',
] as const;
type OwnProps = Pick<TooltipProps, (typeof TOOLTIP_KEYS)[number]>;
const isTooltipKey = (key: string): key is keyof OwnProps =>
  (TOOLTIP_KEYS as readonly string[]).includes(key);

export type LazyTooltipProps = OwnProps & {
  /** One element that takes a ref (a Mantine component, an icon); it must not have a ref of its own. */
  children: ReactElement<TargetProps>;
};

/**
 * Mantine's Tooltip, set up once its target is first hovered (or focused, with `events.focus`),
 * and open at once then. A Tooltip starts floating-ui (positioning, hover and dismiss listeners)
 * as it mounts: a list with a few per row spent a good part of its first render on tooltips
 * nobody had pointed at (issue 18, LCP). The tooltip attaches to the target by ref (`target`), so
 * the target element stays the same node when it arms. Like Mantine's, it passes a ref and the
 * props a wrapper adds (Popover.Target's) on to its target.
 */
export const LazyTooltip = forwardRef<HTMLElement, LazyTooltipProps>(function LazyTooltip(
  { children, ...rest },
  ref,
) {
  const own: Partial<OwnProps> = {};
  const passed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (isTooltipKey(key)) Object.assign(own, { [key]: value });
    else passed[key] = value;
  }
  const { events } = own;
  const target = useRef<HTMLElement>(null);
  const targetRef = useMergedRef(target, ref);
  const [armed, setArmed] = useState(false);
  // a handler both the target and a wrapper give runs both (the target's first)
  const both = (key: string): Handler | undefined => {
    const handlers = [children.props[key], passed[key]].filter(
      (h): h is Handler => typeof h === 'function',
    );
    return handlers.length === 0 ? undefined : (event) => handlers.forEach((h) => h(event));
  };
  const props: Record<string, unknown> = { ...passed };
  for (const key of Object.keys(passed)) if (/^on[A-Z]/.test(key)) props[key] = both(key);
  const arming = (key: 'onMouseEnter' | 'onFocus', arms: boolean) => {
    const handler = both(key);
    return (event: never) => {
      handler?.(event);
      if (arms) setArmed(true);
    };
  };
  return (
    <>
      {cloneElement(children, {
        ...props,
        ref: targetRef,
        onMouseEnter: arming('onMouseEnter', events?.hover !== false),
        onFocus: arming('onFocus', events?.focus === true),
      })}
      {armed && <Tooltip {...own} label={own.label} target={target} defaultOpened />}
    </>
  );
});
