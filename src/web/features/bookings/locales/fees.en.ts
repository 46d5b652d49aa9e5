export default {
  fees: 'Fees',
  visitFee: 'Visit Fee',
  jobCost: 'Job Cost',
  platformFee: 'Platform Fee (10%)',
  total: 'Total',
  totalCost: 'Total Cost',
};
