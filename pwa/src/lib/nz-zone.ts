/** New Zealand's time zone: the trust's dates and times are in it, whatever a device is set to. */
export const nzTimeZone = 'Pacific/Auckland';
