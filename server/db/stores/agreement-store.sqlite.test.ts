import { freshSqliteDatabase } from '../testing/store-databases.ts'
import { describeAgreementStoreContract } from './agreement-store-contract.ts'

describeAgreementStoreContract('sqlite', freshSqliteDatabase)
