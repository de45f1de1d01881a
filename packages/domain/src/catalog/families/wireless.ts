import { defineFamily, METER_AND_OUTLETS, METERED_TRAITS } from '../define-family';
import { describeSettings } from '../device-settings';

/** SP1000 and MD2-ZB: wireless devices joined through a bb1000 gateway, with Find Me. */
export const wirelessFamily = defineFamily(
  'wireless',
  {
    ...METERED_TRAITS,
    panels: { ...METER_AND_OUTLETS, findMe: true },
    wireless: true,
    // a plug or two: no group to cycle; it keeps its gateway's clock
    settings: describeSettings({ events: ['outlet', 'power', 'findMe', 'info'], powerOn: true }),
  },
  [
    // A smart plug switches the one socket it carries.
    {
      devClass: 'sp1000',
      displayName: 'SP1000 wireless smart plug',
      outletCount: 1,
      parentClasses: ['bb1000'],
    },
    // The "2" of MD2-ZB: a dual-outlet wireless module.
    {
      devClass: 'md2zb',
      displayName: 'MD2-ZB wireless outlet module',
      outletCount: 2,
      parentClasses: ['bb1000'],
    },
  ],
);
