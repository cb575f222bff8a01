import type { RiderState, RidershipFlag, RidershipKind, ScanMethod } from '@school-transport/shared';

export const KIND_LABELS: Record<RidershipKind, string> = {
  BOARD: 'Boarded',
  ALIGHT: 'Left the bus',
  NO_SHOW: 'Did not show up',
};

export const METHOD_LABELS: Record<ScanMethod, string> = {
  NFC: 'NFC tag',
  QR: 'QR card',
  READER: 'Card reader',
  TAP: 'Tapped by the driver',
};

export const FLAG_LABELS: Record<RidershipFlag, string> = {
  WRONG_BUS: 'Wrong bus',
  UNKNOWN_TAG: 'Unknown tag',
};

export const STATE_LABELS: Record<RiderState, string> = {
  WAITING: 'Waiting',
  ON_BUS: 'On the bus',
  LEFT: 'Left the bus',
  NO_SHOW: 'Did not show up',
  ABSENT: 'Not riding today',
};
