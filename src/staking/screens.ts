/** The staking screens, one a file, behind one import: the first screen's routes name one chunk for all six. */
export { StakingScreen } from './StakingScreen'
export { ConfigsScreen } from './ConfigsScreen'
export { PaymentMethodScreen } from './PaymentMethodScreen'
export { ConfirmScreen } from './ConfirmScreen'
export { SuccessDepositScreen } from './SuccessDepositScreen'
export { DepositsScreen } from './DepositsScreen'
