/** Every chart builder, keyed by screenshot file name. */
import type { ChartBuilders } from '../render';
import { charts as treasuryRates } from './treasury-rates';
import { charts as priceHistory } from './price-history';
import { charts as performanceByYear } from './performance-by-year';
import { charts as employment } from './employment';
import { charts as inflation } from './inflation';
import { charts as retailSales } from './retail-sales';
import { charts as m2MoneySupply } from './m2-money-supply';
import { charts as fedFundsRate } from './fed-funds-rate';
import { charts as housing } from './housing';
import { charts as priceTargets } from './price-targets';
import { charts as upgradesDowngrades } from './upgrades-downgrades';
import { charts as earnings } from './earnings';
import { charts as financialStatements } from './financial-statements';
import { charts as beatsAndMisses } from './beats-and-misses';
import { charts as performanceByMonth } from './performance-by-month';
import { charts as performanceByWeek } from './performance-by-week';
import { charts as performanceByWeekday } from './performance-by-weekday';
import { charts as performanceByPresident } from './performance-by-president';
import { charts as holidayPerformance } from './holiday-performance';
import { charts as rateChangePerformance } from './rate-change-performance';
import { charts as earningsPerformance } from './earnings-performance';
import { charts as drawdowns } from './drawdowns';
import { charts as correlation } from './correlation';
import { charts as etfOverview } from './etf-overview';
import { charts as etfComparison } from './etf-comparison';
import { charts as marketEvents } from './market-events';
import { charts as oilAndGas } from './oil-and-gas';
import { charts as sp500Browser } from './sp500-browser';
import { charts as portfolioValues } from './portfolio-values';
import { charts as gdp } from './gdp';
import { charts as companyOverview } from './company-overview';
import { charts as dividends } from './dividends';
import { charts as journal } from './journal';
import { charts as upcomingEarnings } from './upcoming-earnings';
import { charts as symbolComparison } from './symbol-comparison';
import { charts as bondSpreads } from './bond-spreads';
import { charts as backtestByYear } from './backtest-by-year';
import { charts as relativeStrength } from './relative-strength';
import { charts as seasonality } from './seasonality';
import { charts as presidentialCycle } from './presidential-cycle';
import { charts as sp500MonthlyReturns } from './sp500-monthly-returns';
import { charts as etfConstituents } from './etf-constituents';
import { charts as sectorPerformance } from './sector-performance';
import { charts as eventStudy } from './event-study';
import { charts as conditionalYears } from './conditional-years';
import { charts as movingAverages } from './moving-averages';

export const CHARTS: ChartBuilders = {
  ...treasuryRates,
  ...priceHistory,
  ...performanceByYear,
  ...employment,
  ...inflation,
  ...retailSales,
  ...m2MoneySupply,
  ...fedFundsRate,
  ...housing,
  ...priceTargets,
  ...upgradesDowngrades,
  ...earnings,
  ...financialStatements,
  ...beatsAndMisses,
  ...performanceByMonth,
  ...performanceByWeek,
  ...performanceByWeekday,
  ...performanceByPresident,
  ...holidayPerformance,
  ...rateChangePerformance,
  ...earningsPerformance,
  ...drawdowns,
  ...correlation,
  ...etfOverview,
  ...etfComparison,
  ...marketEvents,
  ...oilAndGas,
  ...sp500Browser,
  ...portfolioValues,
  ...gdp,
  ...companyOverview,
  ...dividends,
  ...journal,
  ...upcomingEarnings,
  ...symbolComparison,
  ...bondSpreads,
  ...backtestByYear,
  ...relativeStrength,
  ...seasonality,
  ...presidentialCycle,
  ...sp500MonthlyReturns,
  ...etfConstituents,
  ...sectorPerformance,
  ...eventStudy,
  ...conditionalYears,
  ...movingAverages,
};
