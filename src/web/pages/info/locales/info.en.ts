export default {
  lastUpdated: 'Last updated {date}',
};
